#ifndef STORAGE_FILE_SYSTEM_H
#define STORAGE_FILE_SYSTEM_H

// File-system calls the file storage needs that Swift's Glibc module leaves out (they are GNU
// extensions there), with their Darwin counterparts where there are some.

// Asks the kernel to start writing a file's dirty pages to disk now, without waiting for them.
// A save that flushes several files with `fsync` one after the other otherwise sends each
// file's data to the disk only when its turn comes; started together, the writes overlap, and
// each `fsync` then mostly waits for work already under way. On Linux, `sync_file_range(2)`
// with SYNC_FILE_RANGE_WRITE; elsewhere nothing. It guarantees nothing about durability: the
// `fsync` still does.
//
// Returns 0, or -1 with errno set; a failure only means the `fsync` does all the work.
int storage_start_writeback(int fd);

// Exchanges the files at `from` and `to`, atomically: each name then holds the other's file
// (Linux's `renameat2` with RENAME_EXCHANGE, Darwin's `renamex_np` with RENAME_SWAP).
//
// Returns 0, or -1 with errno set: ENOENT when either is missing, EINVAL or ENOTSUP (among
// others) where the file system or the system cannot.
int storage_exchange(const char *from, const char *to);

// Renames `from` to `to` unless something is at `to` already (then -1 with errno EEXIST),
// atomically (RENAME_NOREPLACE, RENAME_EXCL).
int storage_rename_without_replacing(const char *from, const char *to);

#endif
