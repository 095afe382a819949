#include "caret_icu_detect.h"

#include <string.h>
#include <unicode/ucsdet.h>

int32_t caret_detect_charsets(const uint8_t *bytes, int32_t length, caret_charset_guess *guesses, int32_t capacity,
                              caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UCharsetDetector *detector = ucsdet_open(&error);
    ucsdet_setText(detector, (const char *)bytes, length, &error);
    int32_t found = 0;
    const UCharsetMatch **matches = ucsdet_detectAll(detector, &found, &error);
    int32_t written = 0;
    for (int32_t i = 0; U_SUCCESS(error) && i < found && written < capacity; i++) {
        const char *name = ucsdet_getName(matches[i], &error);
        int32_t confidence = ucsdet_getConfidence(matches[i], &error);
        if (U_FAILURE(error) || name == NULL) break;
        strncpy(guesses[written].name, name, sizeof guesses[written].name - 1);
        guesses[written].name[sizeof guesses[written].name - 1] = 0;
        guesses[written].confidence = confidence;
        written++;
    }
    // The matches and their names belong to the detector: copied above, freed here.
    if (detector != NULL) ucsdet_close(detector);
    *status = error;
    return U_SUCCESS(error) ? written : 0;
}
