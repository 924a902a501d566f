#ifndef TASKMAN_THREADS_H
#define TASKMAN_THREADS_H

#include <pthread.h>

/// Asks, in `attributes`, that a thread made with them start on a processor other than the
/// one the calling thread runs on (any other it may use). Returns 1 when it did, 0 when there
/// is no other (or the system cannot say): the thread then starts wherever the system puts it.
///
/// A new thread is usually queued on its maker's processor, where it waits until the maker
/// sleeps or the scheduler moves one of them: for a thread made to work alongside its maker,
/// the better part of a millisecond. The thread should call taskman_run_anywhere() first.
int taskman_start_elsewhere(pthread_attr_t *attributes);

/// Lets the calling thread run on every processor the process may use again, after
/// taskman_start_elsewhere() placed it.
void taskman_run_anywhere(void);

/// How many processors the calling thread may run on; 0 when the system cannot say.
int taskman_processors_allowed(void);

#endif
