// Boost.JSON's implementation, compiled here so that the fuzz targets instrument its parser instead
// of calling the uninstrumented system library.
#include <boost/json/src.hpp>
