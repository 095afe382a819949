import Foundation
import XCTest

@testable import CaretCorpus

extension CommandLineTests {
    /// Runs `caret arguments` in the package root with nothing on standard input, standard
    /// output and error captured through files in the directory `scratch` (so neither stream
    /// can block the other), or standard output written to `standardOutput` when given (a
    /// device such as `/dev/full`; the result's `stdout` is then empty).
    static func run(_ arguments: [String], scratch: String, standardOutput: String? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let executable = try XCTUnwrap(executable, "caret not found next to the test bundle", file: file, line: line)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.packageRoot
        let id = UUID().uuidString
        let out = "\(scratch)/\(id).out", err = "\(scratch)/\(id).err"
        FileTestSupport.write([], to: out)
        FileTestSupport.write([], to: err)
        defer {
            unlink(out)
            unlink(err)
        }
        process.standardOutput = FileHandle(forWritingAtPath: standardOutput ?? out)
        process.standardError = FileHandle(forWritingAtPath: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: FileTestSupport.read(out), as: UTF8.self),
                   stderr: String(decoding: FileTestSupport.read(err), as: UTF8.self))
    }
}
