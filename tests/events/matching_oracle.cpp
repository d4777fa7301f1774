// Prints random graphs and the matcher's answer on each, for check_matching.py to hold against
// networkx's max_weight_matching: general graphs (a matching of most weight, and a perfect one of
// most weight, with negative weights) and Swiss-shaped ones (the graphs pair_swiss_round matches,
// after random rounds of random events): a quarter each of the general kinds, half Swiss-shaped,
// the last of LARGEST players. Usage: events_matching_oracle SEED COUNT LARGEST. Output, per graph:
//   graph <any|perfect> <vertices> <edges>
//   <u> <v> <weight>          (one line per edge)
//   mates <mate of 0> <mate of 1> ...   or   mates none
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "events/matching.hpp"
#include "events/swiss.hpp"
#include "tests/events/swiss_simulation.hpp"

using namespace quadra::events;

namespace {

void print(const char* kind, int vertices, const std::vector<weighted_edge>& edges,
           const std::vector<int>* mates) {
    std::cout << "graph " << kind << ' ' << vertices << ' ' << edges.size() << '\n';
    for (const weighted_edge& e : edges) std::cout << e.u << ' ' << e.v << ' ' << e.weight << '\n';
    std::cout << "mates";
    if (mates == nullptr) std::cout << " none";
    if (mates != nullptr) {
        for (const int mate : *mates) std::cout << ' ' << mate;
    }
    std::cout << '\n';
}

// A random simple graph of `vertices`, each edge with probability `density`, weights in
// [lowest, highest].
std::vector<weighted_edge> random_graph(int vertices, double density, std::int64_t lowest,
                                        std::int64_t highest, std::mt19937_64& random) {
    std::bernoulli_distribution present(density);
    std::uniform_int_distribution<std::int64_t> weight(lowest, highest);
    std::vector<weighted_edge> edges;
    for (int u = 0; u < vertices; ++u) {
        for (int v = u + 1; v < vertices; ++v) {
            if (present(random)) edges.push_back({u, v, weight(random)});
        }
    }
    return edges;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: events_matching_oracle SEED COUNT LARGEST\n";
        return 2;
    }
    std::mt19937_64 random(std::stoull(argv[1]));
    const int count = std::stoi(argv[2]);
    const int largest = std::stoi(argv[3]);
    const std::vector<std::int64_t> scales{10, 1000, std::int64_t{1} << 40, max_edge_weight};
    std::uniform_real_distribution<double> density(0.1, 1.0);
    for (int graph = 0; graph < count; ++graph) {
        const std::int64_t scale =
            scales[std::uniform_int_distribution<std::size_t>(0, scales.size() - 1)(random)];
        const bool last = graph == count - 1;
        if (graph % 4 == 0 && !last) {
            const int vertices = std::uniform_int_distribution<int>(1, 40)(random);
            const auto edges = random_graph(vertices, density(random), 1, scale, random);
            const std::vector<int> mates = max_weight_matching(vertices, edges);
            print("any", vertices, edges, &mates);
        } else if (graph % 4 == 1 && !last) {
            const int vertices = 2 * std::uniform_int_distribution<int>(1, 20)(random);
            const auto edges = random_graph(vertices, density(random), -scale, scale, random);
            const auto mates = max_weight_perfect_matching(vertices, edges);
            print("perfect", vertices, edges, mates ? &*mates : nullptr);
        } else {
            // Mostly small fields, now and then one of up to `largest` players.
            const bool large = std::uniform_int_distribution<int>(0, 9)(random) == 0;
            const int players = last ? largest
                                     : std::uniform_int_distribution<int>(
                                           4, large ? largest : std::min(largest, 60))(random);
            const int rounds = std::uniform_int_distribution<int>(0, 8)(random);
            testing::simulated_field field = testing::random_field(players, random);
            for (int round = 0; round < rounds; ++round) {
                testing::update_presence(field, round, 0.03, random);
                testing::play_round(field, pair_swiss_round(field.players), random);
            }
            testing::update_presence(field, rounds, 0.03, random);
            const int attempt = std::uniform_int_distribution<int>(0, 2)(random);
            const swiss_graph swiss = swiss_pairing_graph(field.players, attempt > 0, attempt > 1);
            const auto mates = max_weight_perfect_matching(swiss.vertex_count, swiss.edges);
            print("perfect", swiss.vertex_count, swiss.edges, mates ? &*mates : nullptr);
        }
    }
    return 0;
}
