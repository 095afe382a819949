/// The version `caret --version` prints: the one place it is written (a release checks the
/// CHANGELOG against it).
let caretVersion = "0.1.0"
