#define _GNU_SOURCE
#include "DependenciesWriteback.h"

#if defined(__linux__)
#include <fcntl.h>

int dependencies_start_writeback(int fd) {
  return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}
#else
int dependencies_start_writeback(int fd) {
  (void)fd;
  return 0;
}
#endif
