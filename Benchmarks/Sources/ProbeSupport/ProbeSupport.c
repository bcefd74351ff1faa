// ProbeSupport is header-only (include/ProbeSupport.h); SwiftPM needs a source file in a C target.
#include "ProbeSupport.h"
