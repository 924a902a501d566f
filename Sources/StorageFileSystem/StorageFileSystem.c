#define _GNU_SOURCE
#include "StorageFileSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)

int storage_start_writeback(int fd) {
  return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}

int storage_exchange(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

int storage_rename_without_replacing(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

#elif defined(__APPLE__)

int storage_start_writeback(int fd) {
  (void)fd;
  return 0;
}

int storage_exchange(const char *from, const char *to) {
  return renamex_np(from, to, RENAME_SWAP);
}

int storage_rename_without_replacing(const char *from, const char *to) {
  return renamex_np(from, to, RENAME_EXCL);
}

#else

int storage_start_writeback(int fd) {
  (void)fd;
  return 0;
}

int storage_exchange(const char *from, const char *to) {
  (void)from;
  (void)to;
  errno = ENOSYS;
  return -1;
}

int storage_rename_without_replacing(const char *from, const char *to) {
  (void)from;
  (void)to;
  errno = ENOSYS;
  return -1;
}

#endif
