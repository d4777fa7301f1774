#pragma once
// The interface every game offers (docs/rules.md §5): a pure, deterministic value type that lists
// legal tokens, applies them or refuses them, and describes itself.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "options.hpp"
#include "result.hpp"
#include "view.hpp"

namespace quadra::rules {

enum class game_status { ongoing, finished };

// One number that a result's words need, e.g. {"squares", 2}.
struct figure {
    std::string name;
    int value = 0;
    bool operator==(const figure&) const = default;
};

// Where a game stands: still going, or finished with its winners and scores.
struct outcome {
    game_status status = game_status::ongoing;
    std::vector<int> winners;  // seats sharing first place; empty while ongoing or on a draw
    std::vector<int> scores;   // one per seat, in the game's own measure
    std::string reason;        // how it ended, in English, e.g. "White completed a square"
    // The same as a stable code and the figures its words need, so that a client words it in
    // its own language: "completed" with {"seat", 0}, {"squares", 1}. Each game's header lists
    // its codes; docs/rules.md §8 has them all.
    std::string code;
    std::vector<figure> figures;

    bool finished() const { return status == game_status::finished; }
    bool draw() const { return finished() && winners.empty(); }
    bool operator==(const outcome&) const = default;
};

// A position of one game with everything needed to continue it.
//
// Tokens come in two forms. A *request* is what a player asks for and what `legal()` lists. A
// *recorded* token is what `apply()` takes and what a game record stores. They are the same text
// except for moves that need dice: the request `roll` becomes the recorded `roll=36625` once the
// caller has rolled the dice (`dice_needed`, `with_dice`). The rules never roll dice themselves.
class game {
public:
    virtual ~game() = default;

    virtual std::string_view id() const = 0;
    virtual int seat_count() const = 0;
    // The name players know a seat by: its colour ("Black") or, without colours, "Player 1".
    virtual std::string seat_name(int seat) const = 0;
    // Every option with the value in force, defaults included.
    virtual options settings() const = 0;

    // The seat to move, or -1 once the game is finished.
    virtual int to_move() const = 0;
    // Cheaper than current_outcome().finished() on a playout's hot path.
    bool finished() const { return to_move() < 0; }
    // The requests the side to move may make, sorted in byte order; exactly {"pass"} when the
    // side to move has no move (whoever drives the game applies that pass itself); empty once
    // finished. A game may also offer "pass" beside other requests where its rules allow a
    // voluntary pass (Quadwrangle after a roll with no play).
    virtual std::vector<std::string> legal() const = 0;

    // How many dice the caller must roll to turn a legal request into a recorded token (0: none).
    virtual int dice_needed(std::string_view request) const;
    // The recorded token for a legal request and the dice (each 1-6) rolled for it.
    virtual result<std::string> with_dice(std::string_view request,
                                          std::span<const int> dice) const;

    // Applies a recorded token; on refusal the state is exactly as before.
    virtual result<void> apply(std::string_view token) = 0;

    // Takes `seat` out of a game that goes on without it (it resigned or ran out of time): from
    // then on its only request is "pass" whenever it is to move, and what it has on the board
    // stays and scores. A game that cannot go on without a seat refuses (the default).
    virtual result<void> retire(int seat);
    virtual bool retired(int seat) const;

    virtual outcome current_outcome() const = 0;
    // The position for display; each game documents its fields in its header.
    virtual view describe() const = 0;
    // What `request` would do in this position, or why the rules refuse it, for hints and
    // explanations (docs/rules.md §5): {"request", "legal": bool} and, when refused, "reason" (a
    // code) and "message" (the rules' words). Each game documents the fields it adds in its
    // header; the default knows legal() and apply()'s refusal, whose code is the reason.
    virtual view explain(std::string_view request) const;
    // The position as one line of its game's notation (docs/rules.md §6): everything the rules
    // need to go on from here, options included. registry.hpp's from_position reads it back.
    virtual std::string position() const = 0;

    virtual std::unique_ptr<game> clone() const = 0;
    // True when `other` is the same game in the same state, history included.
    virtual bool same_state(const game& other) const = 0;
};

// Implements clone() and same_state() for a concrete game with a defaulted operator==.
template <class Derived>
class game_base : public game {
public:
    std::unique_ptr<game> clone() const override {
        return std::make_unique<Derived>(static_cast<const Derived&>(*this));
    }
    bool same_state(const game& other) const override {
        const auto* same = dynamic_cast<const Derived*>(&other);
        return same && *same == static_cast<const Derived&>(*this);
    }
    // The base holds no state, so a derived class may default its own operator==.
    bool operator==(const game_base&) const { return true; }
};

}  // namespace quadra::rules

namespace quadra::rules {

// A kind of game as the registry lists it: its id, its options and how to start one.
struct game_type {
    std::string id;       // "kvadratura"
    std::string title;    // "Kvadratura"
    std::string summary;  // one line for the lobby
    std::vector<option_spec> options;
    // Starts a game from options that already passed check_options.
    result<std::unique_ptr<game>> (*start)(const rules::options& checked);
    // A game from the fields of a position notation after "<id>:" (docs/rules.md §6); the
    // refusal names the field and what was expected.
    result<std::unique_ptr<game>> (*from_position)(std::string_view fields);
};

}  // namespace quadra::rules
