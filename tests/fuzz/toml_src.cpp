// toml++'s implementation, compiled here (TOML_HEADER_ONLY=0 everywhere in tests/fuzz) so that the
// fuzz targets instrument its parser instead of calling the uninstrumented system library.
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
