// navspan/nav/heap.hpp - the binary min-heap the nav searches keep their
// open states in, written once for find_path (a heap of polygons, keys in
// its nodes), the graph searches (a heap of (key, state) pairs), the
// any-angle search and the hierarchy's build and queries.
//
// The heap lives in caller storage (the search's scratch, sized once), so
// pushing never allocates; std::priority_queue cannot work in place like
// that, nor tell each item where it moved, which a search needs to raise an
// open state's priority when a cheaper way to it turns up.
#pragma once
#include "../core/min_max_push.hpp"

#include <cstddef>

namespace navspan::nav::heap_detail {

// `less(a, b)`: a leaves the heap before b. `placed(slot, item)` hears of
// every slot an item moves to (the searches note it beside the item's
// state), after heap[slot] holds it.

// Puts `item` in `slot` and says so.
template <class Item, class Placed>
inline void place(Item* heap, std::size_t slot, Item item, Placed& placed) noexcept {
    heap[slot] = item;
    placed(slot, item);
}

// Moves `item` from `slot` toward the root until its parent is no greater.
template <class Item, class Less, class Placed>
inline void sift_up(Item* heap, std::size_t slot, Item item, Less less, Placed placed) noexcept {
    while (slot > 0) {
        const std::size_t parent = (slot - 1) / 2;
        if (!less(item, heap[parent])) break;
        place(heap, slot, heap[parent], placed);
        slot = parent;
    }
    place(heap, slot, item, placed);
}

// Takes the least item off a heap of `size` (> 0) items. The hole at the
// root goes down to a leaf along the lesser child, then the last item goes
// up from there (it came from the bottom and nearly always belongs near
// it): one comparison a level, not two, and the lesser child is picked by
// an index sum (no branch for the predictor to miss; moving the last item
// down from the root cost two missed branches a level).
template <class Item, class Less, class Placed>
inline Item pop(Item* heap, std::size_t& size, Less less, Placed placed) noexcept {
    const Item top = heap[0];
    const std::size_t n = --size;
    if (n == 0) return top;
    std::size_t slot = 0, child = 1;
    for (; child + 1 < n; child = slot * 2 + 1) {  // both children in the heap
        child += static_cast<std::size_t>(less(heap[child + 1], heap[child]));
        place(heap, slot, heap[child], placed);
        slot = child;
    }
    if (child < n) {  // a last left child alone
        place(heap, slot, heap[child], placed);
        slot = child;
    }
    sift_up(heap, slot, heap[n], less, placed);
    return top;
}

}  // namespace navspan::nav::heap_detail
#include "../core/min_max_pop.hpp"
