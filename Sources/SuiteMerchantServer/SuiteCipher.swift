import Crypto
import Foundation
import SuiteMCommerce
import _CryptoExtras

/// MIT's encryption, as the provider's demo does it: AES-128-CBC with PKCS#7 padding and a fresh
/// random 16-byte IV; the message is Base64(IV ‖ ciphertext), and `xmlA` is the lowercase hex of
/// that Base64 text's UTF-8 bytes. Responses arrive as Base64(IV ‖ ciphertext).
public enum SuiteCipher {
    /// Encrypts `plaintext` into `xmlA` (hex). `iv` is random unless given (for test vectors).
    public static func encryptXMLA(_ plaintext: String, key: SuiteKey, iv: [UInt8]? = nil) throws -> String {
        hex(Array(try encryptBase64(plaintext, key: key, iv: iv).utf8))
    }

    /// Encrypts `plaintext` into Base64(IV ‖ ciphertext).
    public static func encryptBase64(_ plaintext: String, key: SuiteKey, iv: [UInt8]? = nil) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let ivBytes = iv ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let vector: AES._CBC.IV
        do {
            vector = try AES._CBC.IV(ivBytes: ivBytes)
        } catch {
            throw SuiteError.keyException("the IV must be 16 bytes")
        }
        do {
            let ciphertext = try AES._CBC.encrypt(Data(plaintext.utf8), using: key.key, iv: vector)
            return (Data(ivBytes) + ciphertext).base64EncodedString()
        } catch {
            throw SuiteError.keyException("encryption failed")
        }
    }

    /// Decrypts a Base64(IV ‖ ciphertext) response; a wrong key or tampered text is S002.
    public static func decryptResponse(_ base64: String, key: SuiteKey) throws -> String {
        guard let data = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)), data.count >= 32, data.count % 16 == 0
        else {
            throw SuiteError.keyException("the response is not Base64(IV ‖ ciphertext)")
        }
        let bytes = [UInt8](data)
        do {
            let iv = try AES._CBC.IV(ivBytes: bytes[0..<16])
            let plaintext = try AES._CBC.decrypt(bytes[16...], using: key.key, iv: iv)
            guard let text = String(data: plaintext, encoding: .utf8) else {
                throw SuiteError.keyException("the decrypted response is not text")
            }
            return text
        } catch let error as SuiteError {
            throw error
        } catch {
            throw SuiteError.keyException("the response does not decrypt with this key")
        }
    }

    /// Decrypts an `xmlA` (hex of Base64(IV ‖ ciphertext)); what MIT's server does.
    public static func decryptXMLA(_ hexText: String, key: SuiteKey) throws -> String {
        guard let bytes = unhex(hexText), let base64 = String(bytes: bytes, encoding: .utf8) else {
            throw SuiteError.keyException("xmlA is not hex text")
        }
        return try decryptResponse(base64, key: key)
    }

    /// Lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = SuiteKey.nibble(characters[index]), let low = SuiteKey.nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
