package dev.gatehouse.harness;

import java.io.File;
import org.bukkit.Difficulty;
import org.bukkit.Location;
import org.bukkit.World;

final class FakeWorld implements World {
    private final String name;
    private final Calls calls;
    Difficulty difficulty = Difficulty.NORMAL;
    boolean pvp = true;
    /** Where the world is on disk: set by the harness (a folder of its data directory). */
    File folder;
    boolean autoSave = true;
    /** How many times the plugin saved the world, and whether the last save waited for the chunk writer. */
    int saves;
    boolean lastSaveFlushed;

    FakeWorld(String name, Calls calls) {
        this.name = name;
        this.calls = calls;
    }

    @Override
    public String getName() {
        return name;
    }

    /** As the vanilla server names its dimensions' worlds: world, world_nether, world_the_end. */
    @Override
    public World.Environment getEnvironment() {
        if (name.endsWith("_nether")) return World.Environment.NETHER;
        if (name.endsWith("_the_end")) return World.Environment.THE_END;
        return World.Environment.NORMAL;
    }

    /** Spawn points like vanilla's: near the origin, and the End's obsidian platform at 100, 49, 0. */
    @Override
    public Location getSpawnLocation() {
        calls.main("World.getSpawnLocation " + name);
        return switch (getEnvironment().name()) {
            case "NETHER" -> new Location(this, 8, 70, -4, 0, 0);
            case "THE_END" -> new Location(this, 100, 49, 0, 0, 0);
            default -> new Location(this, 0, 64, 0, 0, 0);
        };
    }

    @Override
    public Difficulty getDifficulty() {
        calls.main("World.getDifficulty " + name);
        return difficulty;
    }

    @Override
    public boolean getPVP() {
        calls.main("World.getPVP " + name);
        return pvp;
    }

    @Override
    public void setDifficulty(Difficulty difficulty) {
        calls.main("World.setDifficulty " + name + " " + difficulty);
        this.difficulty = difficulty;
    }

    @Override
    public void setPVP(boolean pvp) {
        calls.main("World.setPVP " + name + " " + pvp);
        this.pvp = pvp;
    }

    @Override
    public void save() {
        save(false);
    }

    @Override
    public void save(boolean flush) {
        calls.main("World.save " + name + " " + flush);
        saves++;
        lastSaveFlushed = flush;
    }

    @Override
    public boolean isAutoSave() {
        calls.main("World.isAutoSave " + name);
        return autoSave;
    }

    @Override
    public void setAutoSave(boolean value) {
        calls.main("World.setAutoSave " + name + " " + value);
        autoSave = value;
    }

    @Override
    public File getWorldFolder() {
        return folder;
    }
}
