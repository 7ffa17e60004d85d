// The module is its header's inline functions; this file compiles the header once in the package's own build,
// so that a mistake in it shows there, not first in Swift that imports it.
#include "CTextScan.h"
