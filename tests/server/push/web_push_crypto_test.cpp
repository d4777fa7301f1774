// Web Push's cryptography (#29): the message encryption matches RFC 8291's own example byte for
// byte, a fresh message decrypts for its receiver only and not once tampered with, and a VAPID
// header is an ES256 JWT its public key verifies, with the claims a push service reads.

#include <doctest/doctest.h>

#include <string>

#include "server/push/web_push_crypto.hpp"

using namespace quadra::server::push;

namespace {

bytes decoded(std::string_view text) {
    auto out = from_base64url(text);
    REQUIRE(out);
    return *out;
}

template <std::size_t N>
std::array<unsigned char, N> fixed(std::string_view text) {
    const auto raw = decoded(text);
    REQUIRE(raw.size() == N);
    std::array<unsigned char, N> out{};
    std::copy(raw.begin(), raw.end(), out.begin());
    return out;
}

bytes text(std::string_view words) { return {words.begin(), words.end()}; }

// RFC 8291 Appendix A.
const std::string plaintext = "When I grow up, I want to be a watermelon";
const auto sender_private = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
const auto sender_public =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
const auto receiver_private = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
const auto receiver_public =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
const auto rfc_salt = "DGv6ra1nlYgDCS1FRnbzlw";
const auto rfc_auth = "BTBZMqHH6r4Tts7J_aSIgg";
const auto rfc_body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6"
    "TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulc"
    "y4a-fN";

key_pair pair_of(std::string_view secret) {
    auto pair = key_pair::from_private(fixed<32>(secret));
    REQUIRE(pair);
    return *pair;
}

}  // namespace

TEST_CASE("web push: RFC 8291's example message, byte for byte") {
    const auto sender = pair_of(sender_private);
    CHECK(base64url(sender.public_bytes()) == sender_public);
    const auto receiver = pair_of(receiver_private);
    CHECK(base64url(receiver.public_bytes()) == receiver_public);
    const subscription_keys to{receiver.public_bytes(), fixed<16>(rfc_auth)};
    const auto body = encrypt(text(plaintext), to, sender, fixed<16>(rfc_salt));
    CHECK(base64url(body) == rfc_body);
    const auto opened = decrypt(decoded(rfc_body), receiver, to.auth);
    REQUIRE(opened);
    CHECK(std::string(opened->begin(), opened->end()) == plaintext);
}

TEST_CASE("web push: a fresh message opens for its receiver only, and not once tampered with") {
    const auto receiver = key_pair::generate();
    const subscription_keys to{receiver.public_bytes(), fixed<16>(rfc_auth)};
    const auto body = encrypt(text("your turn"), to);
    const auto again = encrypt(text("your turn"), to);
    CHECK(body != again);  // a fresh key and salt each time
    CHECK(body.size() == 86 + 9 + 1 + 16);
    CHECK(body[20] == 65);
    const auto opened = decrypt(body, receiver, to.auth);
    REQUIRE(opened);
    CHECK(*opened == text("your turn"));
    CHECK_FALSE(decrypt(body, key_pair::generate(), to.auth));
    CHECK_FALSE(decrypt(body, receiver, fixed<16>("AAAAAAAAAAAAAAAAAAAAAA")));
    auto tampered = body;
    tampered.back() ^= 0x01;
    CHECK_FALSE(decrypt(tampered, receiver, to.auth));
    CHECK_FALSE(decrypt(bytes(body.begin(), body.begin() + 90), receiver, to.auth));
    CHECK_THROWS(encrypt(bytes(max_plaintext + 1, 'x'), to));
    CHECK(decrypt(encrypt(bytes(max_plaintext, 'x'), to), receiver, to.auth));
}

TEST_CASE("web push: keys, points and base64url are checked") {
    CHECK(valid_public_key(decoded(receiver_public)));
    auto off_curve = decoded(receiver_public);
    off_curve[40] ^= 0x01;
    CHECK_FALSE(valid_public_key(off_curve));
    CHECK_FALSE(valid_public_key(bytes(64, 4)));
    CHECK_FALSE(valid_public_key(decoded(rfc_auth)));
    CHECK_FALSE(key_pair::from_private(private_key{}));  // zero is no key
    private_key too_big{};
    too_big.fill(0xff);  // above the group's order
    CHECK_FALSE(key_pair::from_private(too_big));
    CHECK(base64url(text("")) == "");
    CHECK(base64url(text("f")) == "Zg");
    CHECK(base64url(text("foob")) == "Zm9vYg");
    CHECK(from_base64url("Zm9vYg==") == text("foob"));
    CHECK_FALSE(from_base64url("Zm9v+g"));  // base64, not base64url
    CHECK_FALSE(from_base64url("Z"));       // no whole byte
}

TEST_CASE("web push: a VAPID header is an ES256 JWT of aud, exp and sub, checked by its key") {
    const auto vapid = key_pair::generate();
    const auto header = vapid_authorization(vapid, "https://push.example.net", 1796600000,
                                            "mailto:operator@example.org");
    REQUIRE(header.starts_with("vapid t="));
    const auto comma = header.find(", k=");
    REQUIRE(comma != std::string::npos);
    const auto jwt = header.substr(8, comma - 8);
    CHECK(header.substr(comma + 4) == base64url(vapid.public_bytes()));
    const auto first = jwt.find('.');
    const auto second = jwt.rfind('.');
    const auto claims = decoded(jwt.substr(first + 1, second - first - 1));
    CHECK(
        std::string(claims.begin(), claims.end()) ==
        R"({"aud":"https://push.example.net","exp":1796600000,"sub":"mailto:operator@example.org"})");
    const auto head = decoded(jwt.substr(0, first));
    CHECK(std::string(head.begin(), head.end()) == R"({"typ":"JWT","alg":"ES256"})");
    CHECK(vapid_signed_by(jwt, vapid.public_bytes()));
    CHECK_FALSE(vapid_signed_by(jwt, key_pair::generate().public_bytes()));
    auto forged = jwt;
    forged[first + 2] = forged[first + 2] == 'A' ? 'B' : 'A';  // another claim
    CHECK_FALSE(vapid_signed_by(forged, vapid.public_bytes()));
}
