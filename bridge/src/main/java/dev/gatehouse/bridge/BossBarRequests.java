package dev.gatehouse.bridge;

/** The bossBars group: showing, updating and removing the sidecar's boss bars ({@link BossBarRegistry}). */
final class BossBarRequests implements RequestGroup {
    private final BossBarRegistry bossBars;
    private final Handlers handlers;

    BossBarRequests(BossBarRegistry bossBars, Handlers handlers) {
        this.bossBars = bossBars;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("bossBars");
        table.change("bossBars.show", handlers.onMainThread(this::show));
        table.change("bossBars.update", handlers.onMainThread(this::show));
        table.change("bossBars.remove", handlers.onMainThread(p -> {
            bossBars.remove(p.string("id"));
            return null;
        }));
    }

    private Object show(Params p) {
        bossBars.show(p.string("id"), p.string("title"), p.number("progress"), p.string("color"));
        return null;
    }
}
