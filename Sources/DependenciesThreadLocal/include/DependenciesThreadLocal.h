#ifndef DEPENDENCIES_THREAD_LOCAL_H
#define DEPENDENCIES_THREAD_LOCAL_H

// The innermost dependency scope bound on the current thread: an unretained `DependencyScope`,
// or NULL. A C thread-local variable, because Swift has none, and reading or writing one inline
// costs an instruction or two where `pthread_getspecific` and `pthread_setspecific` are calls.
// Stores bind their dependencies around every action, so this is on their hottest path.

extern __thread void *_Nullable dependencies_current_scope;

static inline void *_Nullable dependencies_get_current_scope(void) {
  return dependencies_current_scope;
}

static inline void dependencies_set_current_scope(void *_Nullable scope) {
  dependencies_current_scope = scope;
}

#endif
