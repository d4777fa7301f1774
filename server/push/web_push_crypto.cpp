#include "server/push/web_push_crypto.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>

namespace quadra::server::push {

namespace {

// OpenSSL's objects, freed with their own functions.
template <class T, void (*Free)(T*)>
struct freer {
    void operator()(T* p) const { Free(p); }
};
using bignum = std::unique_ptr<BIGNUM, freer<BIGNUM, BN_free>>;
using bn_context = std::unique_ptr<BN_CTX, freer<BN_CTX, BN_CTX_free>>;
using ec_group = std::unique_ptr<EC_GROUP, freer<EC_GROUP, EC_GROUP_free>>;
using ec_point = std::unique_ptr<EC_POINT, freer<EC_POINT, EC_POINT_free>>;
using pkey = std::unique_ptr<EVP_PKEY, freer<EVP_PKEY, EVP_PKEY_free>>;
using pkey_context = std::unique_ptr<EVP_PKEY_CTX, freer<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using cipher_context = std::unique_ptr<EVP_CIPHER_CTX, freer<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;
using digest_context = std::unique_ptr<EVP_MD_CTX, freer<EVP_MD_CTX, EVP_MD_CTX_free>>;
using param_builder = std::unique_ptr<OSSL_PARAM_BLD, freer<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>>;
using params = std::unique_ptr<OSSL_PARAM, freer<OSSL_PARAM, OSSL_PARAM_free>>;
using ecdsa_signature = std::unique_ptr<ECDSA_SIG, freer<ECDSA_SIG, ECDSA_SIG_free>>;

[[noreturn]] void failed(const char* what) {
    throw std::runtime_error(std::string("web push: OpenSSL failed to ") + what);
}

ec_group p256() {
    ec_group group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
    if (!group) failed("make the P-256 group");
    return group;
}

// The OpenSSL key of a raw public key, with its private scalar when given.
pkey key_of(std::span<const unsigned char> point, const private_key* secret) {
    param_builder builder(OSSL_PARAM_BLD_new());
    bignum scalar(secret ? BN_bin2bn(secret->data(), static_cast<int>(secret->size()), nullptr)
                         : nullptr);
    if (!builder ||
        !OSSL_PARAM_BLD_push_utf8_string(builder.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1",
                                         0) ||
        !OSSL_PARAM_BLD_push_octet_string(builder.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                          point.size()) ||
        (secret && !OSSL_PARAM_BLD_push_BN(builder.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar.get())))
        failed("describe a key");
    params described(OSSL_PARAM_BLD_to_param(builder.get()));
    pkey_context context(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* made = nullptr;
    if (!described || !context || EVP_PKEY_fromdata_init(context.get()) <= 0 ||
        EVP_PKEY_fromdata(context.get(), &made, secret ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                          described.get()) <= 0)
        failed("load a key");
    return pkey(made);
}

bytes hmac_sha256(std::span<const unsigned char> key, std::span<const unsigned char> data) {
    bytes out(32);
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), data.data(), data.size(),
              out.data(), &length))
        failed("compute an HMAC");
    return out;
}

// HKDF-SHA-256 (RFC 5869) for outputs of one block: extract with `salt_value`, expand `info`.
bytes hkdf(std::span<const unsigned char> salt_value, std::span<const unsigned char> secret,
           std::span<const unsigned char> info, std::size_t length) {
    const auto prk = hmac_sha256(salt_value, secret);
    bytes block(info.begin(), info.end());
    block.push_back(0x01);
    auto out = hmac_sha256(prk, block);
    out.resize(length);
    return out;
}

bytes text_bytes(std::string_view text, bool terminated) {
    bytes out(text.begin(), text.end());
    if (terminated) out.push_back(0x00);
    return out;
}

bytes ecdh(const key_pair& own, const public_key& peer) {
    const auto own_key = key_of(own.public_bytes(), &own.private_bytes());
    const auto peer_key = key_of(peer, nullptr);
    pkey_context context(EVP_PKEY_CTX_new(own_key.get(), nullptr));
    std::size_t length = 32;
    bytes secret(length);
    if (!context || EVP_PKEY_derive_init(context.get()) <= 0 ||
        EVP_PKEY_derive_set_peer(context.get(), peer_key.get()) <= 0 ||
        EVP_PKEY_derive(context.get(), secret.data(), &length) <= 0 || length != 32)
        failed("agree on a secret");
    return secret;
}

// The RFC 8188 content key and nonce of a message from `sender` to `receiver`: RFC 8291 §3.4's
// input keying material from their shared secret and the auth secret, bound to both public keys.
struct content_keys {
    bytes key;
    bytes nonce;
};
content_keys keys_for(const bytes& shared_secret, const public_key& receiver,
                      const public_key& sender, const auth_secret& auth,
                      std::span<const unsigned char> salt_value) {
    auto key_info = text_bytes("WebPush: info", true);
    key_info.insert(key_info.end(), receiver.begin(), receiver.end());
    key_info.insert(key_info.end(), sender.begin(), sender.end());
    const auto input = hkdf(auth, shared_secret, key_info, 32);
    return {hkdf(salt_value, input, text_bytes("Content-Encoding: aes128gcm", true), 16),
            hkdf(salt_value, input, text_bytes("Content-Encoding: nonce", true), 12)};
}

bytes aes128gcm(std::span<const unsigned char> key, std::span<const unsigned char> nonce,
                std::span<const unsigned char> plaintext) {
    cipher_context context(EVP_CIPHER_CTX_new());
    bytes out(plaintext.size() + 16);
    int written = 0, last = 0;
    if (!context ||
        EVP_EncryptInit_ex(context.get(), EVP_aes_128_gcm(), nullptr, key.data(), nonce.data()) !=
            1 ||
        EVP_EncryptUpdate(context.get(), out.data(), &written, plaintext.data(),
                          static_cast<int>(plaintext.size())) != 1 ||
        EVP_EncryptFinal_ex(context.get(), out.data() + written, &last) != 1 ||
        EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, 16, out.data() + written + last) !=
            1)
        failed("encrypt");
    return out;
}

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// A JSON string of `text`, which holds no control characters (URLs and mailto: addresses).
std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::span<const unsigned char> as_bytes(std::string_view text) {
    return {reinterpret_cast<const unsigned char*>(text.data()), text.size()};
}

}  // namespace

std::string base64url(std::span<const unsigned char> data) {
    std::string out;
    out.reserve((data.size() * 4 + 2) / 3);
    std::uint32_t buffer = 0;
    int bits = 0;
    for (const auto byte : data) {
        buffer = (buffer << 8) | byte;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += alphabet[(buffer >> bits) & 0x3f];
        }
    }
    if (bits > 0) out += alphabet[(buffer << (6 - bits)) & 0x3f];
    return out;
}

std::optional<bytes> from_base64url(std::string_view text) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    bytes out;
    out.reserve(text.size() * 3 / 4);
    std::uint32_t buffer = 0;
    int bits = 0;
    for (const char c : text) {
        const auto at = alphabet.find(c);
        if (at == std::string_view::npos) return std::nullopt;
        buffer = (buffer << 6) | static_cast<std::uint32_t>(at);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<unsigned char>((buffer >> bits) & 0xff));
        }
    }
    if (bits >= 6) return std::nullopt;  // a lone character holds no whole byte
    return out;
}

key_pair key_pair::generate() {
    for (;;) {
        private_key secret{};
        if (RAND_bytes(secret.data(), static_cast<int>(secret.size())) != 1)
            failed("draw random bytes");
        if (auto pair = from_private(secret)) return *pair;
    }
}

std::optional<key_pair> key_pair::from_private(const private_key& secret) {
    const auto group = p256();
    bignum scalar(BN_bin2bn(secret.data(), static_cast<int>(secret.size()), nullptr));
    if (!scalar) failed("read a scalar");
    if (BN_is_zero(scalar.get()) || BN_cmp(scalar.get(), EC_GROUP_get0_order(group.get())) >= 0)
        return std::nullopt;
    bn_context context(BN_CTX_new());
    ec_point point(EC_POINT_new(group.get()));
    key_pair pair;
    if (!context || !point ||
        EC_POINT_mul(group.get(), point.get(), scalar.get(), nullptr, nullptr, context.get()) !=
            1 ||
        EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED,
                           pair.public_.data(), pair.public_.size(),
                           context.get()) != pair.public_.size())
        failed("compute a public key");
    pair.private_ = secret;
    return pair;
}

bool valid_public_key(std::span<const unsigned char> point) {
    if (point.size() != 65 || point[0] != 0x04) return false;
    const auto group = p256();
    bn_context context(BN_CTX_new());
    ec_point parsed(EC_POINT_new(group.get()));
    return context && parsed &&
           EC_POINT_oct2point(group.get(), parsed.get(), point.data(), point.size(),
                              context.get()) == 1 &&
           EC_POINT_is_on_curve(group.get(), parsed.get(), context.get()) == 1;
}

bytes encrypt(std::span<const unsigned char> plaintext, const subscription_keys& to,
              const key_pair& sender, const salt& salt_value) {
    if (plaintext.size() > max_plaintext) throw std::length_error("web push: message too long");
    const auto keys =
        keys_for(ecdh(sender, to.p256dh), to.p256dh, sender.public_bytes(), to.auth, salt_value);
    bytes record(plaintext.begin(), plaintext.end());
    record.push_back(0x02);  // the last (and only) record's delimiter, no padding
    const auto sealed = aes128gcm(keys.key, keys.nonce, record);

    // The header: salt, record size 4096, and the sender's key as the key id.
    bytes body(salt_value.begin(), salt_value.end());
    for (const unsigned char size_byte : {0x00, 0x00, 0x10, 0x00}) body.push_back(size_byte);
    body.push_back(static_cast<unsigned char>(sender.public_bytes().size()));
    body.insert(body.end(), sender.public_bytes().begin(), sender.public_bytes().end());
    body.insert(body.end(), sealed.begin(), sealed.end());
    return body;
}

bytes encrypt(std::span<const unsigned char> plaintext, const subscription_keys& to) {
    salt fresh{};
    if (RAND_bytes(fresh.data(), static_cast<int>(fresh.size())) != 1) failed("draw random bytes");
    return encrypt(plaintext, to, key_pair::generate(), fresh);
}

std::optional<bytes> decrypt(std::span<const unsigned char> body, const key_pair& receiver,
                             const auth_secret& auth) {
    constexpr std::size_t header = 16 + 4 + 1 + 65;
    if (body.size() < header + 16 + 1 || body[20] != 65) return std::nullopt;
    public_key sender{};
    std::copy_n(body.begin() + 21, sender.size(), sender.begin());
    if (!valid_public_key(sender)) return std::nullopt;
    const auto keys =
        keys_for(ecdh(receiver, sender), receiver.public_bytes(), sender, auth, body.first(16));
    const auto sealed = body.subspan(header);
    const auto text_size = sealed.size() - 16;
    cipher_context context(EVP_CIPHER_CTX_new());
    bytes record(text_size);
    int written = 0, last = 0;
    auto tag = bytes(sealed.end() - 16, sealed.end());
    if (!context ||
        EVP_DecryptInit_ex(context.get(), EVP_aes_128_gcm(), nullptr, keys.key.data(),
                           keys.nonce.data()) != 1 ||
        EVP_DecryptUpdate(context.get(), record.data(), &written, sealed.data(),
                          static_cast<int>(text_size)) != 1 ||
        EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, 16, tag.data()) != 1 ||
        EVP_DecryptFinal_ex(context.get(), record.data() + written, &last) != 1)
        return std::nullopt;  // tampered with, or not for this receiver
    // The delimiter 0x02 ends the last record's text; padding zeros may follow it.
    while (!record.empty() && record.back() == 0x00) record.pop_back();
    if (record.empty() || record.back() != 0x02) return std::nullopt;
    record.pop_back();
    return record;
}

bool vapid_signed_by(std::string_view jwt, const public_key& signer) {
    const auto dot = jwt.rfind('.');
    if (dot == std::string_view::npos) return false;
    const auto raw = from_base64url(jwt.substr(dot + 1));
    if (!raw || raw->size() != 64 || !valid_public_key(signer)) return false;
    ecdsa_signature parsed(ECDSA_SIG_new());
    bignum r(BN_bin2bn(raw->data(), 32, nullptr));
    bignum s(BN_bin2bn(raw->data() + 32, 32, nullptr));
    if (!parsed || !r || !s || ECDSA_SIG_set0(parsed.get(), r.get(), s.get()) != 1)
        failed("make a signature");
    (void)r.release();  // the signature owns them now
    (void)s.release();
    unsigned char* der = nullptr;
    const int der_size = i2d_ECDSA_SIG(parsed.get(), &der);
    if (der_size <= 0) failed("write a signature");
    const bytes signature(der, der + der_size);
    OPENSSL_free(der);
    const auto key = key_of(signer, nullptr);
    digest_context context(EVP_MD_CTX_new());
    const auto signed_part = jwt.substr(0, dot);
    return context &&
           EVP_DigestVerifyInit(context.get(), nullptr, EVP_sha256(), nullptr, key.get()) == 1 &&
           EVP_DigestVerify(context.get(), signature.data(), signature.size(),
                            as_bytes(signed_part).data(), signed_part.size()) == 1;
}

std::string vapid_authorization(const key_pair& vapid, std::string_view audience,
                                std::int64_t expires_at, std::string_view subject) {
    const std::string header = R"({"typ":"JWT","alg":"ES256"})";
    const std::string claims = "{\"aud\":" + json_string(audience) +
                               ",\"exp\":" + std::to_string(expires_at) +
                               ",\"sub\":" + json_string(subject) + "}";
    const auto signed_part = base64url(as_bytes(header)) + "." + base64url(as_bytes(claims));

    const auto key = key_of(vapid.public_bytes(), &vapid.private_bytes());
    digest_context context(EVP_MD_CTX_new());
    std::size_t length = 0;
    if (!context ||
        EVP_DigestSignInit(context.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSign(context.get(), nullptr, &length, as_bytes(signed_part).data(),
                       signed_part.size()) != 1)
        failed("sign");
    bytes der(length);
    if (EVP_DigestSign(context.get(), der.data(), &length, as_bytes(signed_part).data(),
                       signed_part.size()) != 1)
        failed("sign");
    // JWS wants the signature as r and s, 32 bytes each, not DER.
    const unsigned char* cursor = der.data();
    ecdsa_signature parsed(d2i_ECDSA_SIG(nullptr, &cursor, static_cast<long>(length)));
    if (!parsed) failed("read a signature");
    const BIGNUM* r = nullptr;
    const BIGNUM* s = nullptr;
    ECDSA_SIG_get0(parsed.get(), &r, &s);
    std::array<unsigned char, 64> raw{};
    if (BN_bn2binpad(r, raw.data(), 32) != 32 || BN_bn2binpad(s, raw.data() + 32, 32) != 32)
        failed("write a signature");
    return "vapid t=" + signed_part + "." + base64url(raw) +
           ", k=" + base64url(vapid.public_bytes());
}

}  // namespace quadra::server::push
