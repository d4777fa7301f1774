#include "server/store/sqlite_store.hpp"

#include <filesystem>
#include <system_error>
#include <utility>

#include "server/store/sql_writer.hpp"
#include "server/store/sqlite_schema.hpp"

namespace quadra::server {

namespace {

// The database file's path in `data_dir`, which is created if missing; ":memory:" stays itself.
store_result<std::string> database_path(const std::string& data_dir) {
    if (data_dir == ":memory:") return data_dir;
    std::error_code error;
    std::filesystem::create_directories(data_dir, error);
    if (error || !std::filesystem::is_directory(data_dir))
        return store_error{"open", "cannot use the data directory '" + data_dir +
                                       "': " + (error ? error.message() : "not a directory")};
    return (std::filesystem::path(data_dir) / "quadra.db").string();
}

}  // namespace

store_result<std::unique_ptr<sqlite_store>> sqlite_store::open(const std::string& data_dir) {
    auto path = database_path(data_dir);
    if (!path) return std::move(path).error();
    const bool memory = data_dir == ":memory:";
    auto writer = sqlite_connection::open(path.value(), memory);
    if (!writer) return std::move(writer).error();
    if (auto ready = prepare_sqlite_schema(writer.value(), path.value(), memory); !ready)
        return std::move(ready).error();
    std::optional<sqlite_connection> reader;
    if (!memory) {
        auto second = sqlite_connection::open(path.value(), false);
        if (!second) return std::move(second).error();
        reader.emplace(std::move(second).value());
    }
    return std::unique_ptr<sqlite_store>(new sqlite_store(
        memory ? std::string() : path.value(), std::move(writer).value(), std::move(reader)));
}

sqlite_store::sqlite_store(std::string path, sqlite_connection writer,
                           std::optional<sqlite_connection> reader)
    : path_(std::move(path)),
      writer_(std::move(writer)),
      reader_(std::move(reader)),
      queue_(sqlite_dialect.backend, [this](auto batches) { return write_all(batches); }) {}

sqlite_store::~sqlite_store() { queue_.drain(); }

void sqlite_store::submit(write_batch batch, std::function<void(write_outcome)> done) {
    queue_.submit(std::move(batch), std::move(done));
}

void sqlite_store::drain() { queue_.drain(); }

store_result<write_outcome> sqlite_store::write_all(std::span<const write_queue::pending> batches) {
    std::unique_lock<std::mutex> shared;  // an in-memory database shares its connection
    if (!reader_) shared = std::unique_lock(read_mutex_);
    if (const int pages = page_limit_.exchange(0); pages > 0)
        (void)writer_.exec("max_page_count", "PRAGMA max_page_count=" + std::to_string(pages));
    return write_transaction(writer_, batches);
}

store_result<sql_rows> sqlite_store::read_with(const sql_text& statement,
                                               std::span<const sql_value> params) const {
    std::lock_guard lock(read_mutex_);
    auto& db = reader_ ? *reader_ : writer_;
    return db.run_with(statement, params);
}

bool sqlite_store::healthy() const {
    // An open handle survives its file being moved or deleted; writes would then go nowhere a
    // restart can find, so a missing file is a failing store.
    if (!path_.empty() && !std::filesystem::exists(path_)) return false;
    return sql_store::healthy();
}

void sqlite_store::limit_pages(int pages) { page_limit_ = pages; }

}  // namespace quadra::server
