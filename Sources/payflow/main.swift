print("payflow")
