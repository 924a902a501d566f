#ifndef DEPENDENCIES_WRITEBACK_H
#define DEPENDENCIES_WRITEBACK_H

// Asks the kernel to start writing a file's dirty pages to disk now, without waiting for them.
// A save that flushes several files with `fsync` one after the other otherwise sends each
// file's data to the disk only when its turn comes; started together, the writes overlap, and
// each `fsync` then mostly waits for work already under way. On Linux, `sync_file_range(2)`
// with SYNC_FILE_RANGE_WRITE, which Swift's Glibc module leaves out (it is a GNU extension);
// elsewhere nothing. It guarantees nothing about durability: the `fsync` still does.
//
// Returns 0, or -1 with errno set; a failure only means the `fsync` does all the work.
int dependencies_start_writeback(int fd);

#endif
