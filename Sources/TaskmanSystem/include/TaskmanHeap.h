#ifndef TASKMAN_HEAP_H
#define TASKMAN_HEAP_H

#include <stdint.h>

/// Backs the process's heap with 2 MiB pages where the kernel offers them (transparent huge
/// pages in `madvise` mode, the usual default). Call it first thing in `main`; it does nothing
/// outside glibc on Linux.
void taskman_use_large_heap_pages(void);

/// Where the heap's unused top starts: what malloc will hand out next when it has no freed
/// memory of the size asked. 0 when not known (other C libraries, other systems, or
/// taskman_use_large_heap_pages not called).
uintptr_t taskman_heap_frontier(void);

/// Makes the next 2 MiB of the heap's unused top resident (at first, all of the unused heap
/// before its first 2 MiB boundary, which has small pages only), as a first write to each
/// page would, while at most `ahead` bytes lie between what malloc has handed out and the end
/// of that range, and that end is at most `limit`. `populated` is where the previous step
/// stopped (0 at first); returns where this one stopped, `populated` itself when there was
/// nothing to do (or no such heap: see taskman_heap_frontier). Sets `*exhausted` to 1 when no
/// later step can do anything either (`limit` or the heap's end reached, no such heap, or a
/// kernel without MADV_POPULATE_WRITE), to 0 when one may, once more of the heap is handed out.
///
/// For a thread with nothing to do while another allocates: the kernel zeroes each new page at
/// its first touch, a good part of a large file's parse; done ahead, the parsing thread finds
/// its pages ready. Safe while other threads allocate: no byte is written.
uintptr_t taskman_prefault_heap_step(uintptr_t populated, uintptr_t ahead, uintptr_t limit, int *exhausted);

#endif
