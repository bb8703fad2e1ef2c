package dev.gatehouse.harness;

import org.bukkit.Difficulty;
import org.bukkit.World;

final class FakeWorld implements World {
    private final String name;
    private final Calls calls;
    Difficulty difficulty = Difficulty.NORMAL;
    boolean pvp = true;

    FakeWorld(String name, Calls calls) {
        this.name = name;
        this.calls = calls;
    }

    @Override
    public String getName() {
        return name;
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
}
