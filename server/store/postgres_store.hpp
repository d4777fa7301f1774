#pragma once
// The shared store: one PostgreSQL database for every node (README.md "Many nodes"). It
// keeps what the SQLite store keeps and the room directory: nodes with leases on the database's
// clock, and rooms with their owner and epoch. A journal write checks in its own transaction that
// its node still owns the room in that epoch, so a node that lost a room is fenced, never
// overwrites the new owner's journal. The shared writer thread has its own connection; reads and
// directory calls share another. Reads and writes are sql_store's and sql_writer's, written once
// for both stores; the fence, the directory and the writing of many batches at once
// (postgres_together.hpp) are this store's own.

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "server/store/cluster_channel.hpp"
#include "server/store/pg_connection.hpp"
#include "server/store/pg_listener.hpp"
#include "server/store/room_directory.hpp"
#include "server/store/seek_board.hpp"
#include "server/store/sql_store.hpp"
#include "server/store/write_queue.hpp"

namespace quadra::server {

// The schema version this server writes; a database with a higher one is refused.
inline constexpr int postgres_schema_version = 10;

class postgres_store final : public sql_store,
                             public room_directory,
                             public seek_board,
                             public cluster_channel {
public:
    // Connects to `database_url` and creates or migrates the schema (one node at a time).
    static store_result<std::unique_ptr<postgres_store>> open(const std::string& database_url);
    ~postgres_store() override;

    void submit(write_batch batch, std::function<void(write_outcome)> done) override;
    void drain() override;
    std::string backend() const override { return "postgres"; }
    room_directory* directory() override { return this; }
    seek_board* shared_seeks() override { return this; }
    cluster_channel* channel() override { return this; }

    bool renew_lease(const std::string& node, const std::string& public_url,
                     std::chrono::milliseconds lease) override;
    bool retire(const std::string& node) override;
    std::vector<node_entry> nodes() const override;
    store_result<std::optional<room_location>> locate(const std::string& room_code) const override;
    std::optional<std::int64_t> claim(const std::string& game_id, const std::string& node) override;
    std::vector<std::string> orphans() const override;
    std::vector<std::string> owned_by(const std::string& node) const override;
    bool release(const std::string& game_id, const room_owner& owner) override;
    bool remove(const std::string& game_id, const room_owner& owner) override;
    std::size_t remove_finished_orphans() override;
    std::vector<std::string> list(const std::vector<room_listing>& entries) override;
    bool unlist(const std::string& game_id, const room_owner& owner) override;
    std::vector<std::string> listings(const std::string& except_node) const override;

    store_result<opened> open_seek(const std::string& node, std::int64_t identity,
                                   const std::string& kind, const std::string& summary,
                                   const chooser& choose) override;
    bool withdraw_seek(std::int64_t id, const std::string& node) override;
    bool place_seek(std::int64_t id, const std::string& node, const placed_seek& place) override;
    std::vector<placed_seek> take_placed(const std::string& node) override;
    std::vector<waiting_seek> open_seeks() const override;
    void drop_seeks(const std::string& node) override;
    void repair_seeks() override;

    void publish(const std::string& notice) override;
    int listen(handler on_notice) override;
    void unlisten(int id) override;

private:
    postgres_store(const std::string& database_url, pg_connection writer, pg_connection reader);
    const sql_dialect& dialect() const override { return postgres_dialect; }
    // On the shared connection of reads and directory calls; a lost connection is reset and the
    // statement run once more.
    store_result<sql_rows> read_with(const sql_text& statement,
                                     std::span<const sql_value> params) const override;
    store_result<write_outcome> write_all(std::span<const write_queue::pending> batches);
    std::vector<std::string> first_column(const sql_text& statement,
                                          std::initializer_list<sql_value> params) const;
    // Runs `work` in one transaction on the connection of reads: committed when it succeeds,
    // else rolled back; a failure is logged.
    store_result<void> in_transaction(
        const std::function<store_result<void>(pg_connection&)>& work);

    pg_connection writer_;
    mutable pg_connection reader_;
    mutable std::mutex read_mutex_;
    pg_listener listener_;  // the nodes' notices, on a connection and thread of its own
    write_queue queue_;     // last: its thread writes with everything above
};

}  // namespace quadra::server
