#ifndef TASKMAN_HEAP_H
#define TASKMAN_HEAP_H

/// Backs the process's heap with 2 MiB pages where the kernel offers them (transparent huge
/// pages in `madvise` mode, the usual default). Call it first thing in `main`; it does nothing
/// outside glibc on Linux.
void taskman_use_large_heap_pages(void);

#endif
