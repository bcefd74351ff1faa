/// The keyboard a text input asks for (UIKit's `UIKeyboardType`): kept; there is no keyboard here.
public enum KeyboardType: Int, Sendable, Hashable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The return key's title (UIKit's `UIReturnKeyType`): kept.
public enum ReturnKeyType: Int, Sendable, Hashable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Autocorrection (UIKit's `UITextAutocorrectionType`): kept.
public enum TextAutocorrectionType: Int, Sendable, Hashable { case `default`, no, yes }

/// Autocapitalization (UIKit's `UITextAutocapitalizationType`): kept.
public enum TextAutocapitalizationType: Int, Sendable, Hashable { case none, words, sentences, allCharacters }

/// Spell checking (UIKit's `UITextSpellCheckingType`): kept.
public enum TextSpellCheckingType: Int, Sendable, Hashable { case `default`, no, yes }

/// What a text input holds, for AutoFill (UIKit's `UITextContentType`): kept.
public struct TextContentType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = TextContentType(rawValue: "name")
    public static let username = TextContentType(rawValue: "username")
    public static let password = TextContentType(rawValue: "password")
    public static let newPassword = TextContentType(rawValue: "new-password")
    public static let oneTimeCode = TextContentType(rawValue: "one-time-code")
    public static let emailAddress = TextContentType(rawValue: "email")
    public static let telephoneNumber = TextContentType(rawValue: "tel")
    public static let URL = TextContentType(rawValue: "url")
}
