internal import CaretICU

extension ICULocaleData {
    /// Symbols of a locale's default decimal number format.
    enum NumberSymbol {
        case decimalSeparator, groupingSeparator, minusSign, plusSign

        fileprivate var icuSymbol: caret_number_symbol {
            switch self {
            case .decimalSeparator: return CARET_NUMBER_DECIMAL_SEPARATOR
            case .groupingSeparator: return CARET_NUMBER_GROUPING_SEPARATOR
            case .minusSign: return CARET_NUMBER_MINUS_SIGN
            case .plusSign: return CARET_NUMBER_PLUS_SIGN
            }
        }
    }

    /// `symbol` of `locale`'s decimal format ("de": "," for `.decimalSeparator`). nil when ICU
    /// fails.
    static func numberSymbol(_ symbol: NumberSymbol, locale: String) -> String? {
        icuString { buffer, capacity, status in
            locale.withCString { caret_locale_number_symbol($0, symbol.icuSymbol, buffer, capacity, &status) }
        }
    }
}
