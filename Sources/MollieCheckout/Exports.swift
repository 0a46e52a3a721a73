@_exported import PaymentSchemasRuntime
@_exported import PaymentFlowsCore
