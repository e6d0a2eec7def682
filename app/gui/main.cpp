#include <QApplication>
#include <QLabel>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QLabel placeholder(QObject::tr("perfdash"));
    placeholder.show();
    return app.exec();
}
