package org.bukkit;

/** Compile-only stub of org.bukkit.World (interface); getName is declared in WorldInfo in Paper. */
public interface World {
    String getName();

    void setDifficulty(Difficulty difficulty);

    void setPVP(boolean pvp);
}
