// A command at 10,000 tasks touches about 10 MiB of heap: in 4 KiB pages, some 2,500 page
// faults, a fifth of its time. In 2 MiB pages, a handful.
//
// glibc is told to keep one heap for every thread (worker threads would otherwise get arenas of
// their own, grown a page range at a time), to serve large buffers from it too, to grow it by a
// pad large enough for a whole command, and never to give memory back before exit. The heap is
// then grown once, and that range advised for huge pages. Pages are still only made resident
// when touched; where the kernel has no transparent huge pages the advice is refused and only
// the pad remains.

#include "TaskmanHeap.h"

#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// Whether taskman_use_large_heap_pages configured the heap: only then is its top one range
// grown once, which taskman_prefault_heap_step relies on.
static int configured = 0;

static const uintptr_t huge_page = 2u << 20;
static const uintptr_t small_page = 4u << 10;

// The heap's first huge page boundary. The stretch before it (the heap starts at a random
// place) can only have small pages; a large file's first buffers land there.
static uintptr_t first_huge_page = 0;

// Where the heap's unused top starts, or 0 when not known.
static uintptr_t heap_frontier(void) {
#if !__GLIBC_PREREQ(2, 33)
  return 0;
#else
  if (!configured) return 0;
  // The top chunk, malloc's unused space at the end of the heap, runs from the frontier of what
  // was handed out to the end of the heap; keepcost is its size.
  struct mallinfo2 info = mallinfo2();
  uintptr_t end = (uintptr_t)sbrk(0);
  if (end == (uintptr_t)-1 || info.keepcost > end) return 0;
  return end - info.keepcost;
#endif
}

uintptr_t taskman_heap_frontier(void) { return heap_frontier(); }

// Set once the kernel has refused MADV_POPULATE_WRITE (older than Linux 5.14): no step can
// do anything then.
static int populate_refused = 0;

uintptr_t taskman_prefault_heap_step(uintptr_t populated, uintptr_t ahead, uintptr_t limit, int *exhausted) {
  *exhausted = 1;
#if !defined(MADV_POPULATE_WRITE) || !__GLIBC_PREREQ(2, 33)
  // Headers older than the call (glibc 2.35) or than mallinfo2 (2.33): nothing to do.
  (void)ahead;
  (void)limit;
  return populated;
#else
  uintptr_t frontier = heap_frontier();
  uintptr_t end = (uintptr_t)sbrk(0);
  if (populate_refused || frontier == 0 || end == (uintptr_t)-1) return populated;
  if (populated < first_huge_page) {
    // Small pages, one fault each: all of them not handed out yet are populated at once.
    uintptr_t from = (frontier + small_page - 1) & ~(small_page - 1);
    uintptr_t to = first_huge_page;
    if (to > limit) to = (limit + small_page - 1) & ~(small_page - 1);
    if (from < to && to <= end && madvise((void *)from, to - from, MADV_POPULATE_WRITE) != 0) {
      populate_refused = 1;
      return populated;
    }
    *exhausted = 0;
    return first_huge_page;
  }
  // The huge page the frontier is in was touched already (malloc writes the top chunk's size
  // there).
  uintptr_t start = (frontier + huge_page - 1) & ~(huge_page - 1);
  if (start < populated) start = populated;
  uintptr_t stop = start + huge_page;
  if (stop > end || stop > limit) return populated;
  // Only this one can change: the frontier moves on as the heap is handed out.
  *exhausted = 0;
  if (stop > frontier + ahead) return populated;
  // Faults the pages in, writable, as a write would, without writing: memory some other thread
  // has meanwhile been handed keeps what that thread wrote.
  if (madvise((void *)start, huge_page, MADV_POPULATE_WRITE) != 0) {
    populate_refused = 1;
    *exhausted = 1;
    return populated;
  }
  return start + huge_page;
#endif
}

void taskman_use_large_heap_pages(void) {
  const int pad = 64 << 20;
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_THRESHOLD, pad);
  mallopt(M_TRIM_THRESHOLD, INT32_MAX);
  mallopt(M_TOP_PAD, pad);
  void *probe = malloc(256 << 10);
  if (probe == NULL) return;
  configured = 1;
  // Huge pages start at the first boundary after what the heap has touched: the probe's
  // header, and the size malloc wrote after it at the start of its unused top. A range touched
  // before it is advised keeps small pages (the probe crosses a boundary one run in eight).
  uintptr_t touched = heap_frontier() + 2 * sizeof(size_t);
  if (touched < (uintptr_t)probe) touched = (uintptr_t)probe;
  uintptr_t start = (touched + huge_page - 1) & ~(huge_page - 1);
  uintptr_t end = (uintptr_t)sbrk(0);
  if (end != (uintptr_t)-1 && end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
  first_huge_page = start;
  free(probe);
}
#else
void taskman_use_large_heap_pages(void) {}

uintptr_t taskman_heap_frontier(void) { return 0; }

uintptr_t taskman_prefault_heap_step(uintptr_t populated, uintptr_t ahead, uintptr_t limit, int *exhausted) {
  (void)ahead;
  (void)limit;
  *exhausted = 1;
  return populated;
}
#endif

