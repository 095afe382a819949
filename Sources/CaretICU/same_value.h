// For the `.c` files only: checks at compile time that a Caret name carries ICU's number.
#ifndef CARET_ICU_SAME_VALUE_H
#define CARET_ICU_SAME_VALUE_H

#define CARET_SAME_VALUE(caret, icu) _Static_assert((int)(caret) == (int)(icu), #caret " must equal " #icu)

#endif
