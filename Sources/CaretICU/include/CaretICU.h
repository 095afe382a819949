// The C boundary between Caret and ICU.
//
// Every header of this directory uses only C standard types (int32_t, uint16_t, uint8_t, bool)
// and Caret's own names (`caret_…`, `CARET_…`); ICU's headers are included by the `.c` files
// of this target alone. So no ICU type reaches a Swift module: `Caret` imports this module,
// clients of `Caret` that also import Foundation (which carries its own copy of ICU's headers)
// see no second definition of anything. One concern per header and per `.c` file; a new ICU
// service goes in as one more pair (see docs/ARCHITECTURE.md, "The ICU boundary").
#ifndef CARET_ICU_H
#define CARET_ICU_H

#include "caret_icu_status.h"
#include "caret_icu_properties.h"
#include "caret_icu_text.h"
#include "caret_icu_break.h"
#include "caret_icu_bidi.h"
#include "caret_icu_case.h"
#include "caret_icu_regex.h"
#include "caret_icu_search_key.h"
#include "caret_icu_locale_data.h"
#include "caret_icu_number.h"
#include "caret_icu_locale_availability.h"
#include "caret_icu_convert.h"
#include "caret_icu_detect.h"
#include "caret_icu_round_trip.h"
#include "caret_icu_plausibility.h"

#endif
