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

void taskman_use_large_heap_pages(void) {
  const int pad = 64 << 20;
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_THRESHOLD, pad);
  mallopt(M_TRIM_THRESHOLD, INT32_MAX);
  mallopt(M_TOP_PAD, pad);
  void *probe = malloc(256 << 10);
  if (probe == NULL) return;
  const uintptr_t huge = 2u << 20;
  uintptr_t start = ((uintptr_t)probe + huge - 1) & ~(huge - 1);
  uintptr_t end = (uintptr_t)sbrk(0);
  if (end != (uintptr_t)-1 && end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
  free(probe);
}
#else
void taskman_use_large_heap_pages(void) {}
#endif
