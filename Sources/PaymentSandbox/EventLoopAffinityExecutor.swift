import NIOCore
import NIOPosix

/// Runs the sandbox's tasks on the NIO event loops that serve its connections.
///
/// Hummingbird handles each connection in a task of its own; on Swift's global executor every
/// request then crosses threads several times (the event loop reads, a pool thread handles, the
/// event loop writes), each crossing a wake-up of another thread. With this executor preferred
/// (``SandboxServer/serving(_:)``), a job enqueued on an event loop thread (a read that resumes the
/// handler, a write that completes) runs on that same loop, after what it is doing now; a job
/// enqueued from elsewhere (a timer, a lock's waiter) goes to the group's next loop. Work stays on
/// the connection's thread, as in a NIO server written by hand.
///
/// Nothing the sandbox runs may block its thread: its handlers only await (no `wait()` on a
/// future, no semaphore), as the whole of NIO already requires of them.
final class EventLoopAffinityExecutor: TaskExecutor {
    private let group: any EventLoopGroup

    init(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.group = group
    }

    /// Whether the caller runs on one of NIO's event loop threads.
    static var isOnEventLoop: Bool { MultiThreadedEventLoopGroup.currentEventLoop != nil }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? group.next()
        loop.execute { job.runSynchronously(on: executor) }
    }
}
