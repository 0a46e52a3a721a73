/// The ids of the notifications a receiver accepted (PayPal's transmissions, Amazon's notifications),
/// oldest first, at most `limit`: one seen again is a replay.
struct AcceptedIDs: Sendable {
    private var ids: Set<String> = []
    private var order: [String] = []
    /// The most ids kept; the oldest go first.
    let limit: Int

    /// Nothing accepted yet, keeping at most `limit`.
    init(limit: Int) { self.limit = limit }

    /// Accepts `id`: `false` when it was accepted already.
    mutating func insert(_ id: String) -> Bool {
        guard ids.insert(id).inserted else { return false }
        order.append(id)
        if order.count > limit { ids.remove(order.removeFirst()) }
        return true
    }
}

/// The status a receiver answers a refused notification with, whichever provider sent it: 409 for
/// a replay, 503 when the provider could not be asked (so it sends again), 400 otherwise (forged
/// or malformed: sending it again changes nothing).
func refusalStatus(replayed: Bool, unavailable: Bool) -> Int {
    replayed ? 409 : unavailable ? 503 : 400
}
