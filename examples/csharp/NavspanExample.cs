// navspan from C#: the C ABI (include/navspan/c/navspan.h and
// navspan_search.h) through P/Invoke. Opens a navigation file of any format
// navspan reads, locates a point, finds a path and prints it; then asks the
// same two points under each search model (the polygons' A*, the exact path
// through portal midpoints, the any-angle shortest path) over a mesh built
// with the contraction hierarchy. Builds with Debian's mono-mcs and runs
// with mono (or .NET: the declarations are plain P/Invoke):
//
//   mcs -out:navspan-example.exe examples/csharp/NavspanExample.cs
//   LD_LIBRARY_PATH=build/test mono navspan-example.exe FILE [x,y,z [x,y,z]]
//
// Without points it takes the centres of the first and last polygons.
using System;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;

namespace Navspan
{
    // The declarations a C# program needs: one per C function used, the
    // structs laid out as in navspan.h and navspan_search.h (size_t is
    // UIntPtr, so one declaration serves 32- and 64-bit processes).
    public static class Native
    {
        const string Lib = "navspan";  // libnavspan.so / navspan.dll / libnavspan.dylib

        public const uint NoPolygon = 0xFFFFFFFF;
        public const int Success = 0, LimitExceeded = 8, BufferTooSmall = 33, NotFound = 35, NoPath = 36;

        // navspan_path_model: which search navspan_find_path_model and
        // navspan_distance_model run.
        public const int PathPolygons = 0, PathExact = 1, PathShortest = 2;

        // navspan_graph_options.flags: the accelerators of the search graph.
        public const uint GraphHierarchy = 1, GraphAllPairs = 2;

        [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Ansi)]
        public struct Error
        {
            public int Code;
            public ulong Offset;
            public IntPtr Record;
            public IntPtr Parent;
            public ulong ParentIndex;
            public ulong Value;
            public ulong Bound;
            [MarshalAs(UnmanagedType.ByValTStr, SizeConst = 320)]
            public string Message;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct Polygon
        {
            public uint IdPrimary, IdSecondary, Flags, Group, FirstCorner, CornerCount, FirstLink, LinkCount;
            public int Usable;
        }

        // navspan_bot_hiding_spot: one hiding spot of a Source or Source 2 bot analysis.
        [StructLayout(LayoutKind.Sequential)]
        public struct BotHidingSpot
        {
            public uint AreaIndex, AreaId, SpotId;
            public float X, Y, Z;
            public uint Flags;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct Location
        {
            public uint Polygon;
            public float X, Y, Z;
            public float Distance;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct PathRequest
        {
            public UIntPtr Size;
            public uint Start, Goal;
            public float StartX, StartY, StartZ;
            public float GoalX, GoalY, GoalZ;
            public IntPtr Cost, CostUser;
            public IntPtr Corridor;
            public UIntPtr CorridorCapacity;
            public IntPtr Waypoints;
            public UIntPtr WaypointCapacity;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct PathResult
        {
            public UIntPtr Size;
            public uint Start, Goal;
            public float StartX, StartY, StartZ;
            public float GoalX, GoalY, GoalZ;
            public float Cost;
            public UIntPtr CorridorCount, WaypointCount, Expanded;
        }

        // navspan_graph_options: what navspan_mesh_create_ex builds with the
        // search graph. navspan_graph_options_init fills it (size included).
        [StructLayout(LayoutKind.Sequential)]
        public struct GraphOptions
        {
            public UIntPtr Size;
            public uint Flags;
            public uint Landmarks;
        }

        // navspan_graph_info: what the mesh's search graph holds.
        [StructLayout(LayoutKind.Sequential)]
        public struct GraphInfo
        {
            public UIntPtr Size;
            public uint HasHierarchy, HasAllPairs, Landmarks, States;
            public ulong MemoryBytes, HierarchyBytes, AllPairsBytes;
        }

        [DllImport(Lib)] public static extern IntPtr navspan_version_string();
        [DllImport(Lib)] public static extern IntPtr navspan_result_string(int result);
        [DllImport(Lib)] public static extern IntPtr navspan_format_name(int format);
        [DllImport(Lib)] public static extern int navspan_open_path(byte[] path, IntPtr options, out IntPtr file, out Error error);
        [DllImport(Lib)] public static extern void navspan_close(IntPtr file);
        [DllImport(Lib)] public static extern int navspan_file_format(IntPtr file);
        [DllImport(Lib)] public static extern uint navspan_file_version(IntPtr file);
        [DllImport(Lib)] public static extern void navspan_graph_options_init(ref GraphOptions options);
        [DllImport(Lib)] public static extern int navspan_mesh_create_ex(IntPtr file, uint space, ref GraphOptions options, out IntPtr mesh, out Error error);
        [DllImport(Lib)] public static extern int navspan_mesh_graph_info(IntPtr mesh, ref GraphInfo info);
        [DllImport(Lib)] public static extern void navspan_mesh_destroy(IntPtr mesh);
        [DllImport(Lib)] public static extern uint navspan_mesh_polygon_count(IntPtr mesh);
        [DllImport(Lib)] public static extern int navspan_mesh_id_scheme(IntPtr mesh);
        [DllImport(Lib)] public static extern int navspan_mesh_polygons(IntPtr mesh, uint first, uint count, [Out] Polygon[] output);
        [DllImport(Lib)] public static extern int navspan_mesh_corners(IntPtr mesh, uint first, uint count, [Out] float[] xyz);
        [DllImport(Lib)] public static extern int navspan_locate(IntPtr mesh, float[] point, float heightTolerance, out Location output);
        [DllImport(Lib)] public static extern int navspan_nearest(IntPtr mesh, float[] point, float maxDistance, out Location output);
        [DllImport(Lib)] public static extern void navspan_path_request_init(ref PathRequest request);
        [DllImport(Lib)] public static extern int navspan_scratch_create(IntPtr mesh, out IntPtr scratch);
        [DllImport(Lib)] public static extern void navspan_scratch_destroy(IntPtr scratch);
        [DllImport(Lib)] public static extern int navspan_find_path(IntPtr mesh, IntPtr scratch, ref PathRequest request, ref PathResult result);
        [DllImport(Lib)] public static extern int navspan_find_path_model(IntPtr mesh, IntPtr scratch, ref PathRequest request, int model, ref PathResult result);
        [DllImport(Lib)] public static extern int navspan_distance_model(IntPtr mesh, IntPtr scratch, uint start, float[] startPoint,
                                                                         uint goal, float[] goalPoint, int model, out float cost);
        [DllImport(Lib)] public static extern int navspan_bot_hiding_spots(IntPtr file, [Out] BotHidingSpot[] output, UIntPtr capacity, out UIntPtr count, out Error error);

        public static string Text(IntPtr p) { return Marshal.PtrToStringAnsi(p); }
    }

    public static class Example
    {
        static float[] ParsePoint(string text)
        {
            string[] parts = text.Split(',');
            if (parts.Length != 3) throw new ArgumentException("a point is written x,y,z: " + text);
            return new float[] {
                float.Parse(parts[0], CultureInfo.InvariantCulture),
                float.Parse(parts[1], CultureInfo.InvariantCulture),
                float.Parse(parts[2], CultureInfo.InvariantCulture) };
        }

        static string Fmt(float v) { return v.ToString("0.0", CultureInfo.InvariantCulture); }

        // The mean of a polygon's corners.
        static float[] Centre(IntPtr mesh, uint polygon)
        {
            var p = new Native.Polygon[1];
            Native.navspan_mesh_polygons(mesh, polygon, 1, p);
            var xyz = new float[3 * p[0].CornerCount];
            Native.navspan_mesh_corners(mesh, p[0].FirstCorner, p[0].CornerCount, xyz);
            var c = new float[3];
            for (int i = 0; i < xyz.Length; ++i) c[i % 3] += xyz[i] / p[0].CornerCount;
            return c;
        }

        static string Id(IntPtr mesh, uint polygon)
        {
            var p = new Native.Polygon[1];
            Native.navspan_mesh_polygons(mesh, polygon, 1, p);
            switch (Native.navspan_mesh_id_scheme(mesh))
            {
                case 0: return "area " + p[0].IdPrimary;
                case 1: return "node " + p[0].IdPrimary;
                case 2: return "group " + p[0].IdPrimary + " face " + p[0].IdSecondary;
                default: return "navmesh " + p[0].IdPrimary.ToString("X8") + " triangle " + p[0].IdSecondary;
            }
        }

        // The bot analysis's hiding spots: the count first (buffer_too_small
        // when there are any), then the rows into that much room.
        static void HidingSpots(IntPtr file)
        {
            UIntPtr count;
            Native.Error error;
            Native.navspan_bot_hiding_spots(file, null, UIntPtr.Zero, out count, out error);
            var spots = new Native.BotHidingSpot[(int)count.ToUInt32()];
            if (spots.Length > 0 &&
                Native.navspan_bot_hiding_spots(file, spots, count, out count, out error) != Native.Success)
            {
                Console.Error.WriteLine("navspan: " + error.Message);
                return;
            }
            string first = spots.Length > 0
                ? ", the first in area " + spots[0].AreaId + " at (" + Fmt(spots[0].X) + ", " + Fmt(spots[0].Y) + ", " + Fmt(spots[0].Z) + ")"
                : "";
            Console.WriteLine(spots.Length + " hiding spots" + first);
        }

        public static int Main(string[] args)
        {
            if (args.Length < 1)
            {
                Console.Error.WriteLine("usage: navspan-example FILE [x,y,z [x,y,z]]");
                return 2;
            }
            Console.WriteLine("libnavspan " + Native.Text(Native.navspan_version_string()));
            IntPtr file, mesh;
            Native.Error error;
            int r = Native.navspan_open_path(Encoding.UTF8.GetBytes(args[0] + "\0"), IntPtr.Zero, out file, out error);
            if (r != Native.Success)
            {
                Console.Error.WriteLine("navspan: " + args[0] + ": " + error.Message + " (code " + r + ", offset " + error.Offset + ")");
                return 1;
            }
            try
            {
                Console.WriteLine(args[0] + ": " + Native.Text(Native.navspan_format_name(Native.navspan_file_format(file))) +
                                  " version " + Native.navspan_file_version(file));
                HidingSpots(file);
                // The mesh with its search graph built now, contraction
                // hierarchy included: a tool asking many exact paths or
                // distances of one map pays for it once, here, and each
                // exact answer is then read from hub labels instead of
                // searched. navspan_mesh_create is the same without options
                // (the graph then built by the first search that needs it).
                var options = new Native.GraphOptions();
                Native.navspan_graph_options_init(ref options);
                options.Flags = Native.GraphHierarchy;
                r = Native.navspan_mesh_create_ex(file, 0, ref options, out mesh, out error);
                if (r != Native.Success)
                {
                    Console.Error.WriteLine("navspan: " + error.Message);
                    return 1;
                }
                try { return Navigate(mesh, args); }
                finally { Native.navspan_mesh_destroy(mesh); }
            }
            finally { Native.navspan_close(file); }
        }

        static int Navigate(IntPtr mesh, string[] args)
        {
            uint n = Native.navspan_mesh_polygon_count(mesh);
            Console.WriteLine(n + " polygons");
            if (n == 0) return 1;
            float[] from = args.Length > 1 ? ParsePoint(args[1]) : Centre(mesh, 0);
            float[] to = args.Length > 2 ? ParsePoint(args[2]) : Centre(mesh, n - 1);

            Native.Location at;
            int r = Native.navspan_locate(mesh, from, float.PositiveInfinity, out at);
            if (r == Native.NotFound) r = Native.navspan_nearest(mesh, from, float.MaxValue, out at);
            if (r != Native.Success)
            {
                Console.Error.WriteLine("locate: " + Native.Text(Native.navspan_result_string(r)));
                return 1;
            }
            Console.WriteLine("locate " + Fmt(from[0]) + "," + Fmt(from[1]) + "," + Fmt(from[2]) + ": " + Id(mesh, at.Polygon) +
                              " at (" + Fmt(at.X) + ", " + Fmt(at.Y) + ", " + Fmt(at.Z) + ")");

            // One scratch for every search below: once it has grown to the
            // mesh the searches allocate nothing (NULL would allocate one
            // per call). A scratch serves one thread at a time.
            IntPtr scratch;
            r = Native.navspan_scratch_create(mesh, out scratch);
            if (r != Native.Success)
            {
                Console.Error.WriteLine("scratch: " + Native.Text(Native.navspan_result_string(r)));
                return 1;
            }
            try
            {
                using (var buffers = new PathBuffers(n))
                {
                    r = FindPath(mesh, scratch, buffers, from, to);
                    if (r == Native.Success) Models(mesh, scratch, buffers, from, to);
                    return r;
                }
            }
            finally { Native.navspan_scratch_destroy(scratch); }
        }

        // The path the way a bot walks it: A* over the polygons, the
        // waypoints pulled tight over its corridor.
        static int FindPath(IntPtr mesh, IntPtr scratch, PathBuffers buffers, float[] from, float[] to)
        {
            Native.PathResult res;
            int r = buffers.Find(from, to, (ref Native.PathRequest q, ref Native.PathResult p) =>
                                 Native.navspan_find_path(mesh, scratch, ref q, ref p), out res);
            if (r == Native.NoPath)
            {
                Console.WriteLine("no path from " + Id(mesh, res.Start) + " to " + Id(mesh, res.Goal));
                return 3;
            }
            if (r != Native.Success)
            {
                Console.Error.WriteLine("find_path: " + Native.Text(Native.navspan_result_string(r)));
                return 1;
            }
            ulong polygons = (ulong)res.CorridorCount, points = (ulong)res.WaypointCount;
            Console.WriteLine("path of " + polygons + " polygons, cost " + Fmt(res.Cost) + ": " +
                              Id(mesh, buffers.Corridor[0]) + " .. " + Id(mesh, buffers.Corridor[polygons - 1]));
            float[] w = buffers.Waypoints;
            for (ulong i = 0; i < points; ++i)
                Console.WriteLine("  waypoint " + i + ": (" + Fmt(w[3 * i]) + ", " + Fmt(w[3 * i + 1]) + ", " + Fmt(w[3 * i + 2]) + ")");
            return 0;
        }

        static readonly string[] ModelNames = { "polygons", "exact", "shortest" };

        // The same two points under each search model, as a path
        // (navspan_find_path_model: corridor and waypoints) and as a
        // distance alone (navspan_distance_model: the same cost, no arrays).
        // "polygons" is navspan_find_path's model; "exact" the cheapest path
        // through portal midpoints (navspan_find_exact_path), read from the
        // hierarchy's labels when it was built; "shortest" the any-angle
        // shortest path, free to cross each portal anywhere, whose waypoints
        // are its own turns. In general polygons >= exact >= shortest.
        static void Models(IntPtr mesh, IntPtr scratch, PathBuffers buffers, float[] from, float[] to)
        {
            // The hierarchy is left out where its budgets run out (crafted
            // files, polygons with very many links): the info says whether
            // it was built; the searches give the same costs either way.
            var info = new Native.GraphInfo();
            info.Size = (UIntPtr)Marshal.SizeOf(typeof(Native.GraphInfo));
            if (Native.navspan_mesh_graph_info(mesh, ref info) == Native.Success)
                Console.WriteLine("search graph: " + info.States + " states, hierarchy " +
                                  (info.HasHierarchy != 0 ? "built" : "left out") + ", " + info.MemoryBytes + " bytes");

            for (int model = Native.PathPolygons; model <= Native.PathShortest; ++model)
            {
                Native.PathResult res;
                int r = buffers.Find(from, to, (ref Native.PathRequest q, ref Native.PathResult p) =>
                                     Native.navspan_find_path_model(mesh, scratch, ref q, model, ref p), out res);
                float distance;
                // NoPolygon with a point: the polygon under or above it,
                // else the nearest, as the request's ends.
                if (r == Native.Success)
                    r = Native.navspan_distance_model(mesh, scratch, Native.NoPolygon, from, Native.NoPolygon, to, model, out distance);
                else
                    distance = float.PositiveInfinity;
                if (r != Native.Success)
                {
                    // limit_exceeded: the shortest search ran out of the
                    // scratch's search nodes (16 per link); its result
                    // then holds the best known path (the shorter of the
                    // other two models' waypoints, not proven the
                    // shortest). The other models still answer.
                    string best = r == Native.LimitExceeded && (ulong)res.WaypointCount > 0
                                      ? "; best known: cost " + Fmt(res.Cost) + ", " + res.CorridorCount + " polygons"
                                      : "";
                    Console.WriteLine("  " + ModelNames[model] + ": " + Native.Text(Native.navspan_result_string(r)) + best);
                    continue;
                }
                Console.WriteLine("  " + ModelNames[model] + ": cost " + Fmt(res.Cost) + ", distance " + Fmt(distance) + ", " +
                                  res.CorridorCount + " polygons, " + res.WaypointCount + " waypoints");
            }
        }
    }

    // A path search called with a request: navspan_find_path or one of its
    // siblings (the request and result are the same for all of them).
    public delegate int PathSearch(ref Native.PathRequest request, ref Native.PathResult result);

    // The corridor and waypoint arrays a path request points into: ours,
    // pinned so that the collector cannot move them during a call. Sized
    // for the usual path (each polygon once, a turn in each); a longer one
    // (an exact corridor may pass a polygon twice, a funnel turn more than
    // once in one) gets buffer_too_small, and the result's counts say how
    // much room it needs: Find grows the arrays to that and asks again.
    public sealed class PathBuffers : IDisposable
    {
        public uint[] Corridor { get; private set; }
        public float[] Waypoints { get; private set; }
        GCHandle corridor, waypoints;

        public PathBuffers(uint polygons) { Pin(polygons, polygons + 2); }

        void Pin(ulong polygons, ulong points)
        {
            Corridor = new uint[polygons];
            Waypoints = new float[3 * points];
            corridor = GCHandle.Alloc(Corridor, GCHandleType.Pinned);
            waypoints = GCHandle.Alloc(Waypoints, GCHandleType.Pinned);
        }

        // `search` between two points (the polygons: NoPolygon, found from
        // the points), its corridor and waypoints into these arrays. Twice
        // at most: the second call has the room the first said it needs.
        public int Find(float[] from, float[] to, PathSearch search, out Native.PathResult result)
        {
            for (int attempt = 0; ; ++attempt)
            {
                var req = new Native.PathRequest();
                Native.navspan_path_request_init(ref req);
                req.StartX = from[0]; req.StartY = from[1]; req.StartZ = from[2];
                req.GoalX = to[0]; req.GoalY = to[1]; req.GoalZ = to[2];
                req.Corridor = corridor.AddrOfPinnedObject();
                req.CorridorCapacity = (UIntPtr)Corridor.Length;
                req.Waypoints = waypoints.AddrOfPinnedObject();
                req.WaypointCapacity = (UIntPtr)(Waypoints.Length / 3);
                result = new Native.PathResult();
                result.Size = (UIntPtr)Marshal.SizeOf(typeof(Native.PathResult));
                int r = search(ref req, ref result);
                if (r != Native.BufferTooSmall || attempt > 0) return r;
                Dispose();
                Pin(Math.Max((ulong)result.CorridorCount, (ulong)Corridor.Length),
                    Math.Max((ulong)result.WaypointCount, (ulong)(Waypoints.Length / 3)));
            }
        }

        public void Dispose()
        {
            corridor.Free();
            waypoints.Free();
        }
    }
}
