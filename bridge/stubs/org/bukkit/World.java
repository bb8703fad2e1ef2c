package org.bukkit;

import org.bukkit.generator.WorldInfo;

/** Compile-only stub of org.bukkit.World (interface; getName and getEnvironment come from WorldInfo, as in Paper). */
public interface World extends WorldInfo {
    Difficulty getDifficulty();

    void setDifficulty(Difficulty difficulty);

    /** Deprecated in Paper since 1.21.9 for the pvp game rule; present in every version. */
    boolean getPVP();

    void setPVP(boolean pvp);

    Location getSpawnLocation();

    /** Stub of World.Environment (nested enum); the real constants carry ids (0, -1, 1, -999) this stub leaves out. */
    enum Environment {
        NORMAL,
        NETHER,
        THE_END,
        CUSTOM
    }
}
