#include "DependenciesThreadLocal.h"

__thread void *_Nullable dependencies_current_scope = 0;
