// ICU's internationalisation library (libicui18n: regular expressions, locale data, number
// formats), found through pkg-config's icu-i18n. Only the C files of Sources/CaretICU include
// ICU's headers; this module exists so that SwiftPM passes icu-i18n's compiler and linker flags.
#ifndef CARET_CICUI18N_H
#define CARET_CICUI18N_H

#include <unicode/uregex.h>
#include <unicode/ulocdata.h>
#include <unicode/unum.h>

#endif
