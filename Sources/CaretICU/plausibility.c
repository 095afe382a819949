#include "caret_icu_plausibility.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

// Characters that end a word: CJK text has no spaces, so each of its characters stands alone
// (it mixes with Latin without a break: "Unicode文字"). Half-width katakana are not among them:
// they are what a wrong Shift_JIS decoding of Latin text in EUC-JP gives, inside words.
static bool is_cjk(UChar32 c, UScriptCode script) {
    if (c >= 0xFF61 && c <= 0xFF9F) return false;
    return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA ||
           script == USCRIPT_HANGUL || script == USCRIPT_BOPOMOFO || (c >= 0x3000 && c <= 0x303F) ||
           (c >= 0xFF00 && c <= 0xFFEF);
}

// Emoji stand alone too (sequences of them, between words or inside): no legacy encoding has
// them, but a forced or UTF text may.
static bool is_emoji(UChar32 c) { return c >= 0x1F000 || u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC); }

// Characters that join words of different scripts: the Hebrew maqaf ("ל־New").
static bool is_joiner(UChar32 c) { return c == 0x05BE; }

// Punctuation that belongs inside words: apostrophes, hyphens, middle dots, Hebrew geresh.
static bool is_word_internal(UChar32 c) {
    return c == 0x2019 || c == 0x2010 || c == 0x2011 || c == 0x00B7 || c == 0x05F3 || c == 0x05F4 || c == 0x02BC ||
           c == 0x00AD;
}

int32_t caret_text_implausibility(const uint16_t *units, int32_t length) {
    int32_t bad = 0;
    UScriptCode word_script = USCRIPT_INVALID_CODE;
    bool mixed = false, previous_alnum = false, previous_small = false, previous_non_ascii = false;
    bool previous_sign = false, sign_after_alnum = false;
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U16_NEXT(units, i, length, c);
        int8_t type = u_charType(c);
        bool space = u_isUWhiteSpace(c);
        if ((type == U_CONTROL_CHAR && !space) || type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR ||
            type == U_SURROGATE || c == 0xFFFD) {
            bad += 4;
            word_script = USCRIPT_INVALID_CODE;
            mixed = previous_alnum = previous_small = previous_sign = sign_after_alnum = false;
            continue;
        }
        UErrorCode error = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &error);
        uint32_t mask = U_MASK(type);
        bool letter = (mask & (U_GC_L_MASK | U_GC_M_MASK)) != 0;
        bool digit = c >= '0' && c <= '9';
        bool sign = c >= 0x80 && (mask & (U_GC_S_MASK | U_GC_P_MASK | U_GC_NO_MASK)) != 0 && !is_word_internal(c);
        if (space || is_cjk(c, script) || is_joiner(c) || is_emoji(c) || (c < 0x80 && !letter && !digit)) {
            word_script = USCRIPT_INVALID_CODE;
            mixed = previous_alnum = previous_small = previous_sign = sign_after_alnum = false;
            continue;
        }
        if (letter || digit) {
            if (letter && script != USCRIPT_COMMON && script != USCRIPT_INHERITED) {
                if (word_script == USCRIPT_INVALID_CODE) {
                    word_script = script;
                } else if (script != word_script && !mixed) {
                    bad += 1;
                    mixed = true;
                }
            }
            // A symbol or punctuation mark between two letters or digits ("20°C" aside).
            if (sign_after_alnum) bad += 1;
            sign_after_alnum = false;
            bool small = type == U_LOWERCASE_LETTER;
            if (type == U_UPPERCASE_LETTER && previous_small && (c >= 0x80 || previous_non_ascii)) bad += 1;
            previous_alnum = true;
            previous_small = small;
            previous_non_ascii = c >= 0x80;
            previous_sign = false;
        } else if (sign) {
            // Two non-ASCII symbols or marks in a row: the lead and trail bytes of a CJK
            // character read as Latin-1 ("¡°", "¡ª").
            if (previous_sign) bad += 1;
            if (previous_alnum && c != 0x00B0) sign_after_alnum = true;
            previous_alnum = previous_small = false;
            previous_sign = true;
        } else {
            previous_alnum = previous_small = previous_sign = sign_after_alnum = false;
        }
    }
    return bad;
}
