// ICU's common library (libicuuc), found through pkg-config's icu-uc.
//
// Only the C files of Sources/CaretICU include ICU's headers (they call ICU directly: in C,
// Debian's renaming macros `ubrk_open` -> `ubrk_open_72` just work). No Swift module imports
// this one; it exists so that SwiftPM passes icu-uc's compiler and linker flags.
#ifndef CARET_CICU_SHIM_H
#define CARET_CICU_SHIM_H

#include <unicode/utypes.h>
#include <unicode/uchar.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/ubidi.h>
#include <unicode/ucasemap.h>

#endif
