package dev.gatehouse.bridge;

import java.util.Date;

/**
 * Gatehouse's words for a banned player (messages.yml, sent by the sidecar
 * with {@code moderation.texts}): the reason, and for a ban with an end the
 * time left, worded as the sidecar's ban-texts.ts words it. Until the
 * sidecar sent them, the server's own words stand.
 */
final class BanTexts {
    private volatile String temporary;
    private volatile String permanent;

    void set(String temporary, String permanent) {
        this.temporary = temporary;
        this.permanent = permanent;
    }

    /** The words for this ban at {@code nowMillis}, or null while the sidecar has sent none. */
    String refusal(String reason, Date expires, long nowMillis) {
        String text = expires == null ? permanent : temporary;
        if (text == null) return null;
        String time = expires == null ? "" : timeLeft(expires.getTime() - nowMillis);
        // In one pass, so a reason that reads {time} stays as it reads.
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < text.length()) {
            if (text.startsWith("{reason}", at)) {
                out.append(reason == null ? "" : reason);
                at += "{reason}".length();
            } else if (text.startsWith("{time}", at)) {
                out.append(time);
                at += "{time}".length();
            } else {
                out.append(text.charAt(at++));
            }
        }
        return out.toString();
    }

    /** How long is left, in its two largest units: 2d 3h, 5h 12m, 3m 20s, 45s (at least 1s). */
    static String timeLeft(long millis) {
        long seconds = Math.max(1, (millis + 999) / 1000);
        long[] sizes = {86_400, 3600, 60, 1};
        String[] units = {"d", "h", "m", "s"};
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (int i = 0; i < sizes.length && shown < 2; i++) {
            long count = seconds / sizes[i];
            seconds %= sizes[i];
            if (count == 0 && shown == 0) continue;
            if (count > 0) out.append(out.length() > 0 ? " " : "").append(count).append(units[i]);
            shown++;
        }
        return out.toString();
    }
}
