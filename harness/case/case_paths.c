/* Path resolution and input-file checks of the case parser. */
#include "case_paths.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void dsh_dirname(const char *path, char *out, size_t outsz)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, outsz, ".");
    else if (slash == path)
        snprintf(out, outsz, "/");
    else
        snprintf(out, outsz, "%.*s", (int)(slash - path), path);
}

bool dsh_resolve_input(yctx *y, const yaml_node_t *n, const char *what,
                       const char *base_dir, const char *rel, char *out,
                       size_t outsz)
{
    int w = rel[0] == '/' ? snprintf(out, outsz, "%s", rel)
                          : snprintf(out, outsz, "%s/%s", base_dir, rel);
    if (w < 0 || (size_t)w >= outsz) {
        y_error(y, n, "%s: path too long: '%s'", what, rel);
        return false;
    }
    struct stat st;
    if (stat(out, &st)) {
        y_error(y, n, "%s: file not found: '%s' (%s: %s)", what, rel, out,
                strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        y_error(y, n, "%s: '%s' is not a regular file (%s)", what, rel, out);
        return false;
    }
    if (access(out, R_OK)) {
        y_error(y, n, "%s: cannot read '%s' (%s: %s)", what, rel, out,
                strerror(errno));
        return false;
    }
    return true;
}
