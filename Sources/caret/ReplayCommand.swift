import Foundation
enum ReplayCommand { static func run(_ arguments: [String]) -> Int32 { print("replay: coming with CaretCorpus"); return 1 } }
