/* navspan's C ABI, part 2: the bot analysis of Source and Source 2 files.
 *
 * navspan.h includes this file; including it alone includes navspan.h
 * first. Everything said at the top of navspan.h (ownership, threads,
 * errors, stability) holds here too. */
#ifndef NAVSPAN_C_NAVSPAN_BOT_H
#define NAVSPAN_C_NAVSPAN_BOT_H

#include "navspan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Bot analysis of Source and Source 2 files (since 0.1.0) -----------------
 *
 * What Counter-Strike's bots precompute per area, as flat arrays: one row
 * per item, each with the index of its area (its position in the file's
 * area table) and the area's id. Source 1 (.nav v1-16) keeps it in each
 * area record; Source 2 (Counter-Strike 2) in the custom-data KV3 blob
 * (docs/formats/source2.md "Bot analysis"). Every other format has none:
 * each call then succeeds with count 0, as it does for a Source 2 file
 * without the blob. Values are as the file stores them ("raw"); a Source 2
 * value the file leaves out reads 0, or -1 where the column is signed, or
 * NAN for a float.
 *
 * Each call takes the caller's array: `count` gets how many rows there are
 * in all; above `capacity` the call returns buffer_too_small (`out` holds
 * the first `capacity`). `out` may be NULL when capacity is 0. The first
 * bot call on a file decodes and gathers the rows once (a Source 2 blob is
 * decoded into a scratch sized by its header, as `navspan dump` does): it
 * allocates then, and any number of threads may ask at once; every call
 * after only copies. A blob the KV3 reader refuses fails every call with
 * its error. These structs have no size member and do not grow: a new
 * column comes as a new function. */

/* One hiding spot. Source 1 version 1 stores no spot ids (0). */
typedef struct navspan_bot_hiding_spot {
    uint32_t area_index;
    uint32_t area_id;
    uint32_t spot_id;
    float position[3];
    uint32_t flags; /* 1 in cover, 2 good sniper spot, 4 ideal sniper spot, 8 exposed */
} navspan_bot_hiding_spot;

/* One encounter path through an area. Source 1: `from` and `to` are area
 * ids, the directions 0-3 (north, east, south, west; -1 in versions 1-2,
 * which store none). Source 2: `from` and `to` are the stored handles (the
 * int32 bits; not area ids) and the directions are edge indices of the
 * holding area; from_index and to_index are the areas the handles resolve
 * to (navspan::source2::resolve_encounter_handles), NAVSPAN_NO_POLYGON for
 * a handle that does not resolve to one area (or, Source 1, an id no area
 * has). The path's spots are rows [first_spot, first_spot + spot_count) of
 * navspan_bot_encounter_spots; Source 2 keeps its spots per area, not per
 * path: spot_count is 0 there. */
typedef struct navspan_bot_encounter_path {
    uint32_t area_index;
    uint32_t area_id;
    uint32_t from;
    uint32_t to;
    uint32_t from_index;
    uint32_t to_index;
    int32_t from_direction;
    int32_t to_direction;
    uint32_t first_spot;
    uint32_t spot_count;
} navspan_bot_encounter_path;

/* One encounter spot: a hiding spot seen along a path, and where along it
 * (t, 0..1). Source 1 version 3 and up: `spot` is the hiding spot's id and
 * t_raw the stored byte (t = t_raw / 255); versions 1-2 store a position
 * instead of an id (spot 0) and t as a float (t_raw -1). Source 2: `path`
 * is NAVSPAN_NO_POLYGON (the area's own list, sorted by t), `spot` the
 * stored handle (int32 bits), t_raw -1. */
typedef struct navspan_bot_encounter_spot {
    uint32_t area_index;
    uint32_t area_id;
    uint32_t path; /* row of navspan_bot_encounter_paths */
    uint32_t spot;
    int32_t t_raw;
    float t;
} navspan_bot_encounter_spot;

/* One approach spot: bots arrive at `here` from `previous` (how:
 * previous_how) and go on to `next` (how: next_how), all area ids. Source 1
 * (0 previous: none) reads the base record's list (versions up to 14) or
 * Counter-Strike's game data (15 and up); Source 2 stores -1 (0xFFFFFFFF
 * here) for none. The hows are Source 1's traverse types. */
typedef struct navspan_bot_approach_spot {
    uint32_t area_index;
    uint32_t area_id;
    uint32_t here;
    uint32_t previous;
    int32_t previous_how;
    uint32_t next;
    int32_t next_how;
} navspan_bot_approach_spot;

/* The earliest time (seconds from the round's start) each team can reach
 * an area, one row per area of the area table: NAN where the file stores
 * none (Source 1 before version 8; navspan dump says null). */
typedef struct navspan_bot_occupy_times {
    uint32_t area_index;
    uint32_t area_id;
    float times[2]; /* team 0, team 1 */
} navspan_bot_occupy_times;

NAVSPAN_C_API navspan_result navspan_bot_hiding_spots(const navspan_file* file, navspan_bot_hiding_spot* out,
                                                      size_t capacity, size_t* count, navspan_error* error);
NAVSPAN_C_API navspan_result navspan_bot_encounter_paths(const navspan_file* file, navspan_bot_encounter_path* out,
                                                         size_t capacity, size_t* count, navspan_error* error);
NAVSPAN_C_API navspan_result navspan_bot_encounter_spots(const navspan_file* file, navspan_bot_encounter_spot* out,
                                                         size_t capacity, size_t* count, navspan_error* error);
NAVSPAN_C_API navspan_result navspan_bot_approach_spots(const navspan_file* file, navspan_bot_approach_spot* out,
                                                        size_t capacity, size_t* count, navspan_error* error);
NAVSPAN_C_API navspan_result navspan_bot_earliest_occupy_times(const navspan_file* file, navspan_bot_occupy_times* out,
                                                               size_t capacity, size_t* count, navspan_error* error);

#ifdef __cplusplus
}
#endif

#endif /* NAVSPAN_C_NAVSPAN_BOT_H */
