@_exported import PaymentFlowsCore
@_exported import PaymentSchemasRuntime
