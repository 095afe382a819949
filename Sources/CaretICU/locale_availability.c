#include "caret_icu_locale_availability.h"

#include <string.h>
#include <unicode/ures.h>

bool caret_locale_has_data(const char *locale) {
    // The root locale is the fallback itself, not a miss.
    if (locale[0] == '\0' || strcmp(locale, "root") == 0) return true;
    // Opening the locale's resource bundle walks its parents (de_CH → de → root); ICU reports
    // U_USING_DEFAULT_WARNING only when none of them exists and it took the default locale's
    // bundle: the one case every service (break iterators, case maps, CLDR data) silently
    // ignores the id.
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(NULL, locale, &error);
    if (bundle != NULL) ures_close(bundle);
    return U_SUCCESS(error) && error != U_USING_DEFAULT_WARNING;
}
