import XCTest
@testable import Caret

/// Counts what a delegate hears and keeps the change sets.
private final class CountingDelegate: TextInputDelegate {
    var changeSets: [ChangeSet] = []
    var events: [TextInputEvent] = []
    var asked = 0
    func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                   replacementText: String) -> Bool {
        asked += 1
        return true
    }
    func textInput(_ input: TextInput, didSend event: TextInputEvent) { events.append(event) }
    func textInput(_ input: TextInput, didApply changes: ChangeSet) { changeSets.append(changes) }
}

final class TextInputRemoteTests: XCTestCase {
    private func change(_ input: TextInput, _ edits: [(Range<Int>, String)]) -> ChangeSet {
        let d = input.document
        return try! ChangeSet(edits.map { (d.textRange(from: d.position(at: $0.0.lowerBound)!, to: d.position(at: $0.0.upperBound)!)!, $0.1) },
                              in: d)
    }

    func testRemoteChangeMapsSelectionAndIsNoUndoStep() throws {
        let input = TextInput("hello world", traits: .plain)
        let delegate = CountingDelegate()
        input.delegate = delegate
        input.beginEditing()
        input.caret(at: 5)
        delegate.events = []
        try input.applyRemote(change(input, [(0..<0, ">> "), (5..<5, "!")]))
        XCTAssertEqual(input.text, ">> hello! world")
        XCTAssertEqual(input.graphemeSelection, 8..<8)  // a caret stays before text inserted at it
        XCTAssertEqual(delegate.asked, 0)
        XCTAssertEqual(delegate.changeSets.count, 1)
        XCTAssertEqual(delegate.events, [.selectionChanged])
        XCTAssertFalse(input.canUndo)
    }

    func testMismatchThrowsAndChangesNothing() {
        let input = TextInput("abc")
        let other = TextInput("abcd")
        XCTAssertThrowsError(try input.applyRemote(change(other, [(0..<1, "x")])))
        XCTAssertEqual(input.text, "abc")
    }

    /// Undo of a local step after remote edits undoes only that step; redo puts it back.
    func testUndoAfterRemoteUndoesOnlyTheLocalStep() throws {
        let input = TextInput("one two", traits: .plain)
        input.beginEditing()
        input.caret(at: 3)
        input.insertText(" and a half")
        XCTAssertEqual(input.text, "one and a half two")
        try input.applyRemote(change(input, [(0..<0, "ZERO "), (9..<9, "ß"), (18..<18, " three")]))
        XCTAssertEqual(input.text, "ZERO one and aß half two three")
        input.undo()
        XCTAssertEqual(input.text, "ZERO oneß two three")
        input.redo()
        XCTAssertEqual(input.text, "ZERO one and aß half two three")
    }

    /// A remote change between undo and redo: redo puts the local step back around it.
    func testRedoAfterRemote() throws {
        let input = TextInput("ab", traits: .plain)
        input.beginEditing()
        input.caret(at: 1)
        input.paste("XYZ")
        input.undo()
        XCTAssertEqual(input.text, "ab")
        try input.applyRemote(change(input, [(0..<1, "ä"), (2..<2, "👍🏽")]))
        XCTAssertEqual(input.text, "äb👍🏽")
        input.redo()
        XCTAssertEqual(input.text, "äXYZb👍🏽")
        XCTAssertEqual(input.graphemeSelection, 4..<4)
        input.undo()
        XCTAssertEqual(input.text, "äb👍🏽")
    }

    /// Marked text outside the remote change stays marked and moves with the text.
    func testMarkedTextIsMapped() throws {
        let input = TextInput("abc", traits: .plain)
        input.beginEditing()
        input.setMarkedText("にほ", selectedRange: 2..<2)
        try input.applyRemote(change(input, [(0..<0, "한국 ")]))
        XCTAssertEqual(input.text, "한국 abcにほ")
        XCTAssertEqual(input.utf16Marked, 6..<8)
        input.unmarkText()
        XCTAssertEqual(input.text, "한국 abcにほ")
        input.undo()
        XCTAssertEqual(input.text, "한국 abc")
    }
}

/// A central sequencer and clients (each a `TextInput`) exchanging change sets as
/// @codemirror/collab does: a client sends its unconfirmed changes with the version they are
/// based on; the sequencer accepts them only on its current version (else the client waits for
/// what it missed and sends again); every client rebases its unconfirmed changes over what it
/// receives and applies the received changes, rebased over them, with `applyRemote`.
final class CollabConvergenceTests: XCTestCase {
    private final class Client: TextInputDelegate {
        let id: Int
        let input: TextInput
        var version = 0
        var unconfirmed: [ChangeSet] = []
        var pushInFlight = false
        var receiving = false
        init(id: Int, text: String) {
            self.id = id
            input = TextInput(text, traits: id % 2 == 0 ? .plain : .init())
            input.delegate = self
        }
        func textInput(_ input: TextInput, didApply changes: ChangeSet) {
            if !receiving && !changes.isEmpty { unconfirmed.append(changes) }
        }
        /// A change the sequencer accepted as number `version`, from client `origin`.
        func receive(_ change: ChangeSet, from origin: Int) throws {
            version += 1
            if origin == id {
                unconfirmed.removeFirst()
                return
            }
            var theirs = change
            for i in unconfirmed.indices {
                let mine = unconfirmed[i]
                unconfirmed[i] = try mine.rebased(over: theirs, otherFirst: true)
                theirs = try theirs.rebased(over: mine, otherFirst: false)
            }
            receiving = true
            defer { receiving = false }
            try input.applyRemote(theirs)
        }
    }

    private enum Message {
        case push(client: Int, version: Int, changes: [ChangeSet])
        case update(client: Int, change: ChangeSet, origin: Int)
        case rejected(client: Int)
    }

    func testEightClientsConverge() throws {
        let clientsCount = 8, editsPerClient = 40
        // CARET_CONVERGENCE_SEEDS runs more seeds (the default keeps the suite quick).
        let seeds = ProcessInfo.processInfo.environment["CARET_CONVERGENCE_SEEDS"].flatMap { Int($0) } ?? 6
        var seedsRun = 0, accepted = 0
        for seed in 1...max(seeds, 1) {
            let rng = SplitMix(seed: UInt64(seed) &* 7919)
            let start = "Hello, 世界! مرحبا\n"
            var server = TextDocument(start)
            var log: [(ChangeSet, Int)] = []
            let clients = (0..<clientsCount).map { Client(id: $0, text: start) }
            var queue: [(time: Int, seq: Int, message: Message)] = []
            var channelTime = [Int](repeating: 0, count: clientsCount + 1)  // FIFO per link
            var now = 0, seq = 0
            func sendLater(_ message: Message, link: Int) {
                let t = max(channelTime[link], now + Int(rng.next() % 12))
                channelTime[link] = t
                seq += 1
                queue.append((t, seq, message))
            }
            func push(_ c: Client) {
                guard !c.pushInFlight, !c.unconfirmed.isEmpty else { return }
                c.pushInFlight = true
                sendLater(.push(client: c.id, version: c.version, changes: c.unconfirmed), link: clientsCount)
            }
            func deliverDue(all: Bool) throws {
                while let i = queue.indices.min(by: { (queue[$0].time, queue[$0].seq) < (queue[$1].time, queue[$1].seq) }),
                      all || queue[i].time <= now {
                    let item = queue.remove(at: i)
                    now = max(now, item.time)
                    switch item.message {
                    case .push(let id, let version, let changes):
                        guard version == log.count else {
                            sendLater(.rejected(client: id), link: id)
                            continue
                        }
                        for change in changes {
                            try server.apply(change)
                            log.append((change, id))
                            for c in clients { sendLater(.update(client: c.id, change: change, origin: id), link: c.id) }
                        }
                    case .update(let id, let change, let origin):
                        let c = clients[id]
                        try c.receive(change, from: origin)
                        // Its own change confirmed: the rest of that push may still be on its way,
                        // so a new push may be rejected (the version is behind) and sent again.
                        if origin == id { c.pushInFlight = false }
                        push(c)
                    case .rejected(let id):
                        clients[id].pushInFlight = false
                        push(clients[id])
                    }
                }
            }
            let words = ["a", "é", "世界", "👩‍👩‍👧", "क्ष", "\u{301}", "한", "שלום", " ", "\n", "🇫🇷"]
            for _ in 0..<(clientsCount * editsPerClient) {
                now += 1
                let c = clients[Int(rng.next() % UInt64(clientsCount))]
                let input = c.input
                let n = input.document.count
                switch rng.next() % 9 {
                case 0, 1, 2:
                    input.caret(at: Int(rng.next() % UInt64(n + 1)))
                    input.insertText(words[Int(rng.next() % UInt64(words.count))])
                case 3:
                    input.caret(at: Int(rng.next() % UInt64(n + 1)))
                    input.deleteBackward()
                case 4:
                    input.setMarkedText(["に", "にほ", "にほん"][Int(rng.next() % 3)], selectedRange: 1..<1)
                case 5: input.unmarkText()
                case 6: input.undo()
                case 7: input.redo()
                default:
                    let a = Int(rng.next() % UInt64(n + 1)), b = Int(rng.next() % UInt64(n + 1))
                    input.selectGraphemes(min(a, b)..<max(a, b))
                    input.paste(words[Int(rng.next() % UInt64(words.count))])
                }
                if rng.next() % 3 == 0 { push(c) }
                try deliverDue(all: false)
            }
            for c in clients { c.input.unmarkText(); push(c) }
            try deliverDue(all: true)
            for c in clients {
                XCTAssertEqual(c.unconfirmed.count, 0, "seed \(seed) client \(c.id)")
                XCTAssertEqual(c.input.text, server.string, "seed \(seed) client \(c.id)")
            }
            seedsRun += 1
            accepted += log.count
        }
        XCTAssertEqual(seedsRun, max(seeds, 1))
        print("convergence: \(clientsCount) clients × \(clientsCount * editsPerClient) edit calls × \(seedsRun) seeds;"
              + " \(accepted) change sets sequenced")
    }
}
