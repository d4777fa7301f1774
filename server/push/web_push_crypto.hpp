#pragma once
// The cryptography of Web Push (#29), with OpenSSL: a message encrypted for one browser
// subscription (RFC 8291, the aes128gcm content coding of RFC 8188 in one record) and the VAPID
// authorization that identifies this server to the push service (RFC 8292, an ES256 JWT). Keys
// are P-256 in their raw forms: a public key is the 65-byte uncompressed point, a private key its
// 32-byte scalar; on the wire both are base64url without padding.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace quadra::server::push {

using bytes = std::vector<unsigned char>;
using public_key = std::array<unsigned char, 65>;
using private_key = std::array<unsigned char, 32>;
using auth_secret = std::array<unsigned char, 16>;
using salt = std::array<unsigned char, 16>;

std::string base64url(std::span<const unsigned char> data);
// The bytes of unpadded base64url `text` (padding tolerated); none when it is not base64url.
std::optional<bytes> from_base64url(std::string_view text);

// A P-256 key pair: the server's VAPID key, or the one-time key of one message.
class key_pair {
public:
    // A fresh pair from the OS's randomness.
    static key_pair generate();
    // The pair of a stored private key; none when it is not a valid P-256 scalar.
    static std::optional<key_pair> from_private(const private_key& secret);

    const public_key& public_bytes() const { return public_; }
    const private_key& private_bytes() const { return private_; }

private:
    key_pair() = default;
    public_key public_{};
    private_key private_{};
};

// Whether `point` is a valid uncompressed P-256 public key (a subscription's `p256dh`).
bool valid_public_key(std::span<const unsigned char> point);

// A browser's subscription keys: `p256dh` and `auth`.
struct subscription_keys {
    public_key p256dh{};
    auth_secret auth{};
};

// `plaintext` (at most 3993 bytes: one 4096-byte record) encrypted for `to` with the one-time
// key `sender` and `salt_value`: the message body to POST. The sender key and salt must be fresh
// for every message; they are parameters so that the RFC's example can be checked.
bytes encrypt(std::span<const unsigned char> plaintext, const subscription_keys& to,
              const key_pair& sender, const salt& salt_value);
// The same with a fresh one-time key and salt.
bytes encrypt(std::span<const unsigned char> plaintext, const subscription_keys& to);

// The largest plaintext one record holds (4096 bytes, less the 16-byte tag and the delimiter,
// less the header's 86 bytes that push services count in their 4096-byte limit).
inline constexpr std::size_t max_plaintext = 4096 - 86 - 16 - 1;

// The `Authorization` header for a push service at `audience` (its origin, e.g.
// "https://fcm.googleapis.com"): "vapid t=<JWT signed by `vapid`>, k=<its public key>", the JWT
// claiming aud, exp (`expires_at`, Unix seconds; at most 24 h ahead) and sub (`subject`, a mailto:
// or https: contact).
std::string vapid_authorization(const key_pair& vapid, std::string_view audience,
                                std::int64_t expires_at, std::string_view subject);

// The other ends, for the tests' stand-in push service and browser (the real ones are on the
// internet): the plaintext of `body` for the subscription of `receiver` with `auth`, or none when
// it does not decrypt; whether `jwt` (a VAPID header's t=) is signed by `signer`.
std::optional<bytes> decrypt(std::span<const unsigned char> body, const key_pair& receiver,
                             const auth_secret& auth);
bool vapid_signed_by(std::string_view jwt, const public_key& signer);

}  // namespace quadra::server::push
