package org.bukkit;

import java.io.File;
import org.bukkit.generator.WorldInfo;

/** Compile-only stub of org.bukkit.World (interface; getName and getEnvironment come from WorldInfo, as in Paper). */
public interface World extends WorldInfo {
    Difficulty getDifficulty();

    void setDifficulty(Difficulty difficulty);

    /** Deprecated in Paper since 1.21.9 for the pvp game rule; present in every version. */
    boolean getPVP();

    void setPVP(boolean pvp);

    Location getSpawnLocation();

    // The saves group (SavesRequests): saving paused around a backup's copy of the world folder.

    /** Paper: a default method calling save(false). */
    void save();

    /** Paper only (Spigot has save() alone): waits for the chunk writer when flush is true. */
    void save(boolean flush);

    boolean isAutoSave();

    void setAutoSave(boolean value);

    /** Abstract in Paper 1.21.4, a default method over getWorldPath() in later versions. */
    File getWorldFolder();

    /** Stub of World.Environment (nested enum); the real constants carry ids (0, -1, 1, -999) this stub leaves out. */
    enum Environment {
        NORMAL,
        NETHER,
        THE_END,
        CUSTOM
    }
}
