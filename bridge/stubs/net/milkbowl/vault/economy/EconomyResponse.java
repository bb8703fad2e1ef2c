package net.milkbowl.vault.economy;

/** Stub of Vault's net.milkbowl.vault.economy.EconomyResponse (class). */
public class EconomyResponse {
    public final double amount;
    public final double balance;
    public final ResponseType type;
    public final String errorMessage;

    public EconomyResponse(double amount, double balance, ResponseType type, String errorMessage) {
        this.amount = amount;
        this.balance = balance;
        this.type = type;
        this.errorMessage = errorMessage;
    }

    public boolean transactionSuccess() {
        return type == ResponseType.SUCCESS;
    }

    /** Stub of EconomyResponse.ResponseType (nested enum). */
    public static enum ResponseType {
        SUCCESS,
        FAILURE,
        NOT_IMPLEMENTED
    }
}
