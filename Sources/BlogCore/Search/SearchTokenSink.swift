/// What takes the tokens ``SearchWords/scan(_:into:)`` finds, in order.
protocol SearchTokenSink: ~Copyable {
    /// Takes a word or ideograph token, in a buffer valid for the call.
    mutating func take(_ token: UnsafeBufferPointer<UInt8>, _ kind: SearchWords.Token)
}
