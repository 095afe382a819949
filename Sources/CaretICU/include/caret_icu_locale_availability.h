// Locale availability: whether ICU has data for a locale id or only falls back to its default.
#ifndef CARET_ICU_LOCALE_AVAILABILITY_H
#define CARET_ICU_LOCALE_AVAILABILITY_H

#include <stdbool.h>

/// True when ICU has data for `locale` (a C string, ICU or BCP 47 form) or for a parent of it
/// (`de-CH` → `de`), and for "" and "root"; false when ICU would use its default locale instead
/// (an unknown language such as `xx` or `klingon`). ICU's services accept any id and fall back
/// silently, so this is how a caller can tell a typo from a locale.
bool caret_locale_has_data(const char *locale);

#endif
